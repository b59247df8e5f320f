/**
 * Dimensions with their units (`dimension`): "Height: 61 centimeters (60.5–61.5)", the
 * dimension's own name when it has one, then anything else it says (who measured, when).
 */
import { KeyValues } from './Generic.js';
import { Refs } from './links.js';
import { labelOf, namesOf, nodesOf, scalarText, type LaNode } from './linkedArt.js';

const SHOWN = new Set([
  'type',
  '_label',
  'classified_as',
  'value',
  'unit',
  'upper_value_limit',
  'lower_value_limit',
  'identified_by',
]);

export function Dimensions({ entity }: { entity: LaNode }) {
  const dimensions = nodesOf(entity, 'dimension');
  if (dimensions.length === 0) return null;
  return (
    <section aria-labelledby="dimensions">
      <h2 id="dimensions">Dimensions</h2>
      <dl>
        {dimensions.map((d) => {
          const kinds = nodesOf(d, 'classified_as');
          const unit = nodesOf(d, 'unit')[0];
          const range =
            typeof d.lower_value_limit === 'number' || typeof d.upper_value_limit === 'number'
              ? ` (${scalarText(d.lower_value_limit, '…')}–${scalarText(d.upper_value_limit, '…')})`
              : '';
          const names = namesOf(d).map((n) => n.content as string);
          const otherNames = nodesOf(d, 'identified_by').filter((n) => !namesOf(d).includes(n));
          const rest = Object.keys(d).filter((k) => !SHOWN.has(k));
          return (
            <>
              <dt>{kinds.length > 0 ? <Refs nodes={kinds} /> : labelOf(d)}</dt>
              <dd>
                {scalarText(d.value, '')}
                {unit ? (
                  <>
                    {' '}
                    <Refs nodes={[unit]} />
                  </>
                ) : null}
                {range}
                {names.length > 0 ? <div class="note">{names.join('; ')}</div> : null}
                {otherNames.length > 0 ? (
                  <KeyValues node={{ identified_by: otherNames }} keys={['identified_by']} />
                ) : null}
                {rest.length > 0 ? <KeyValues node={d} keys={rest} /> : null}
              </dd>
            </>
          );
        })}
      </dl>
    </section>
  );
}

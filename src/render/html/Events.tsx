/**
 * Events in an entity's life (production, creation, birth, death, formation, …) and the
 * parts of an activity, in order (a provenance activity's acquisitions and payments): each
 * with when (the TimeSpan in words), where, by whom and with what technique, then anything
 * else it says; parts nested under their event, in the document's order.
 */
import { KeyValues } from './Generic.js';
import { Refs } from './links.js';
import { nodesOf, type LaNode } from './linkedArt.js';
import { kindOf } from './terms.js';
import { timeSpanText } from './timeSpan.js';

/** The keys that hold an entity's events, and the heading of each. */
export const EVENT_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['produced_by', 'Production'],
  ['created_by', 'Creation'],
  ['born', 'Birth'],
  ['died', 'Death'],
  ['formed_by', 'Formation'],
  ['dissolved_by', 'Dissolution'],
  ['destroyed_by', 'Destruction'],
  ['removed_by', 'Removal'],
  ['modified_by', 'Modification'],
  ['encountered_by', 'Encounter'],
];

/** Keys of an event the summary shows (When, Where, By whom, Technique), and `part`, shown nested. */
const SUMMARY = ['timespan', 'took_place_at', 'carried_out_by', 'technique', 'part'];
const OWN = ['id', 'type', '_label'];

/** When, where, by whom and how, of an event or of an activity entity itself. */
export function EventSummary({ event }: { event: LaNode }) {
  const when = timeSpanText(event.timespan);
  const places = nodesOf(event, 'took_place_at');
  const agents = nodesOf(event, 'carried_out_by');
  const techniques = nodesOf(event, 'technique');
  if (!when && places.length + agents.length + techniques.length === 0) return null;
  return (
    <dl>
      {when ? (
        <>
          <dt>When</dt>
          <dd>{when}</dd>
        </>
      ) : null}
      {places.length > 0 ? (
        <>
          <dt>Where</dt>
          <dd>
            <Refs nodes={places} />
          </dd>
        </>
      ) : null}
      {agents.length > 0 ? (
        <>
          <dt>By</dt>
          <dd>
            <Refs nodes={agents} />
          </dd>
        </>
      ) : null}
      {techniques.length > 0 ? (
        <>
          <dt>Technique</dt>
          <dd>
            <Refs nodes={techniques} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** One event: heading, summary, the rest of its keys, and its parts in order. */
export function Event({ event, heading, level }: { event: LaNode; heading: string; level: 3 | 4 | 5 }) {
  const rest = Object.keys(event).filter((k) => !SUMMARY.includes(k) && !OWN.includes(k));
  const Heading = `h${level}` as 'h3';
  const label = typeof event._label === 'string' ? event._label : undefined;
  return (
    <div class="event">
      <Heading>
        {heading}
        {label ? `: ${label}` : ''}
      </Heading>
      <EventSummary event={event} />
      {rest.length > 0 ? <KeyValues node={event} keys={rest} /> : null}
      <Parts event={event} level={level < 5 ? ((level + 1) as 4 | 5) : 5} />
    </div>
  );
}

/** The parts of an event or activity, in the document's order. */
export function Parts({ event, level }: { event: LaNode; level: 3 | 4 | 5 }) {
  const parts = nodesOf(event, 'part');
  if (parts.length === 0) return null;
  return (
    <ol class="parts">
      {parts.map((p) => (
        <li>
          <Event event={p} heading={kindOf(p) || 'Part'} level={level} />
        </li>
      ))}
    </ol>
  );
}

/** The entity's events, one section. */
export function Events({ entity }: { entity: LaNode }) {
  const events = EVENT_KEYS.flatMap(([key, heading]) => nodesOf(entity, key).map((e) => [e, heading] as const));
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="events">
      <h2 id="events">Events</h2>
      {events.map(([e, heading]) => (
        <Event event={e} heading={heading} level={3} />
      ))}
    </section>
  );
}

/** An activity or event entity's own when/where/who, and its parts in order (a provenance activity's). */
export function ActivityDetails({ entity }: { entity: LaNode }) {
  const parts = nodesOf(entity, 'part');
  const summary = EventSummary({ event: entity });
  if (!summary && parts.length === 0) return null;
  return (
    <section aria-labelledby="activity">
      <h2 id="activity">When, where and by whom</h2>
      {summary}
      {parts.length > 0 ? (
        <>
          <h3>Parts, in order</h3>
          <Parts event={entity} level={4} />
        </>
      ) : null}
    </section>
  );
}

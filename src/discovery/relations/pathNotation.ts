/**
 * A relation's path written as text, as the relation table (data/relations.tsv) writes it: SPARQL
 * property-path notation (`crm:P108i_was_produced_by/crm:P14_carried_out_by`, `p*`, `^p`, `(p|q)`)
 * with one step SPARQL paths lack, `[p o]`: keep the nodes that have the statement `p o` (a
 * publishing activity's type). Read into the steps of paths.ts.
 */
import { any, back, having, out, star, type Path, type Step } from './paths.js';

/** A prefixed name (`crm:P108i_was_produced_by`, `aat:300054686`). */
const PREFIXED_NAME = /[A-Za-z][\w-]*:[\w.-]+/y;

/** The path `text` writes; an error says where it stops making sense. */
export function parsePath(text: string): Path {
  const reader = new PathReader(text);
  const path = reader.alternatives();
  reader.end();
  return path;
}

class PathReader {
  private at = 0;

  constructor(private readonly text: string) {}

  /** `p|q|…`: the one path, or a single step taking any of them. */
  alternatives(): Path {
    const paths = [this.sequence()];
    while (this.eat('|')) paths.push(this.sequence());
    return paths.length === 1 ? paths[0] : [any(...paths)];
  }

  end(): void {
    this.skipSpace();
    if (this.at < this.text.length) this.fail(`unexpected ${JSON.stringify(this.text[this.at])}`);
  }

  /** `p/q/…`. */
  private sequence(): Step[] {
    const steps = [...this.element()];
    while (this.eat('/')) steps.push(...this.element());
    return steps;
  }

  /** One step, a filter, or a parenthesised path. */
  private element(): Path {
    if (this.eat('(')) {
      const inner = this.alternatives();
      this.expect(')');
      if (this.eat('*')) this.fail('only a single predicate can be repeated (p*)');
      return inner;
    }
    if (this.eat('[')) {
      const predicate = this.prefixedName();
      const value = this.prefixedName();
      this.expect(']');
      return [having(predicate, value)];
    }
    const inverse = this.eat('^');
    const predicate = this.prefixedName();
    if (this.eat('*')) {
      if (inverse) this.fail('an inverse predicate cannot be repeated (^p*)');
      return [star(predicate)];
    }
    return [inverse ? back(predicate) : out(predicate)];
  }

  private prefixedName(): string {
    this.skipSpace();
    PREFIXED_NAME.lastIndex = this.at;
    const match = PREFIXED_NAME.exec(this.text);
    if (!match) this.fail('expected a prefixed name (crm:P14_carried_out_by)');
    this.at += match[0].length;
    return match[0];
  }

  private eat(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.eat(token)) this.fail(`expected ${JSON.stringify(token)}`);
  }

  private skipSpace(): void {
    while (this.text[this.at] === ' ') this.at++;
  }

  private fail(message: string): never {
    throw new Error(`${message} at character ${this.at + 1} of ${JSON.stringify(this.text)}`);
  }
}

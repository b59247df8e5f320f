/**
 * A document (or a part of an input) a load or a harvest reports on: where it was, its id when
 * known, and what is said of it (LoadReport.ts, rejectionsByRule.ts).
 */
import type { Problem } from '../linkedart/Problem.js';

export interface ReportedItem {
  readonly source: string;
  readonly location: string;
  readonly id?: string;
  readonly messages: readonly string[];
  /** A refusal's problems, each as formatted in `messages`. */
  readonly problems?: readonly Problem[];
}

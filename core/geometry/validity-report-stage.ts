/**
 * What the ogc-validity rules (validity-rules.ts) visit: one validity issue (validity.ts) and what the
 * report around it knows (how the caller names rings and places targets, its hint), found by
 * report-validity.ts without a word of the message. Each rule's `check` decides from it whether the issue
 * is its own and what it says, so "where is GEO004 decided" is answered by one definition.
 */
import type { Location, RelatedLocation } from '../diagnostics/diagnostic.ts';
import type { ValidityIssue } from './validity.ts';

/** The coordinates an issue covers: a run of one ring (one coordinate when first = last), or a whole ring. */
export type IssueTarget =
  | { polygon: number; ring: number; first: number; last: number }
  | { polygon: number; ring: number; wholeRing: true };

export interface ValidityIssueReport {
  issue: ValidityIssue;
  /** How messages name the issue's ring ("hole 2 of polygon 1"), and the other ring it involves ('' without one). */
  ring: string;
  otherRing: string;
  /** The issue's point as messages write it. */
  point: string;
  /** For an unclosed ring: its first point as messages write it ('' for other issues). */
  ringStart: string;
  /** Self-intersections of the issue's ring reported so far, this one included (0 for other issues). */
  listedCrossings: number;
  /** The caller's hint for this kind of issue. */
  hint: string;
  /** The location of the issue's coordinate, or of a run of coordinates or the whole ring of it. */
  locate(target?: IssueTarget): Location;
  /** The other ring or polygon the issue involves as a related location saying `message`; [] without one. */
  related(message: string): RelatedLocation[];
}

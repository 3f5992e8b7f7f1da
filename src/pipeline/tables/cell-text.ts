/**
 * The text of one cell from its pieces: lines top to bottom, words left to right within a
 * line (right-to-left scripts put back in logical order), lines joined with "\n" as they
 * are in the cell.
 */
import { visualToLogical } from '../lines/bidi.js';
import { groupLines, joinPieces, type Piece } from './text-pieces.js';

export function cellText(pieces: readonly Piece[]): string {
  if (pieces.length === 0) return '';
  return groupLines(pieces)
    .map((l) => visualToLogical(joinPieces(l.pieces)))
    .filter(Boolean)
    .join('\n');
}

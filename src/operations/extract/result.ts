/**
 * Outcomes of the extraction engine → the spec's result shapes.
 *
 * Shape A (tier `gamma`, or citations on): per field `{value, score: {grounding_score,
 * extraction_score}, citation}`; an array of objects carries, per row, sub-fields with their own
 * value/score/citation, and itself an aggregated score and `citation: null`; arrays below the
 * top level omit `citation`. A nested object is shown the same way as an array's row (this
 * project's choice: the spec does not show nested objects). `grounding_score` is 0 and
 * `citation` null when citations are off.
 *
 * Shape B (citations off on `alpha`, `beta`, `delta`): per field `{value, score}`, no citation.
 *
 * `review`: a required field is missing, or a value was found with a score below 0.6.
 */
import type { Outcome } from '../../pipeline/extract/extract-document.js';
import { citationOf, type Citation } from '../../pipeline/citations/cite.js';
import type { TokenizedDocument } from '../../pipeline/extract/tokens.js';
import type { Candidate, FieldSchema } from '../../pipeline/extract/types.js';
import type { ModelTier } from './options.js';
import { REVIEW_THRESHOLD } from './tiers.js';

export interface ScoreA {
  grounding_score: number;
  extraction_score: number | null;
}

export interface FieldA {
  value: unknown;
  score: ScoreA;
  citation?: Citation | null;
}

export interface FieldB {
  value: unknown;
  score: number;
}

export type ExtractionResult = Record<string, FieldA | FieldB>;

const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function usesShapeA(model: ModelTier, citations: boolean): boolean {
  return citations || model === 'gamma';
}

interface RenderCtx {
  doc: TokenizedDocument;
  citations: boolean;
  shapeA: boolean;
}

function grounding(c: Candidate, cit: Citation | null): number {
  if (!cit) return 0;
  return r3(0.5 + 0.5 * Math.min(...c.tokens.map((t) => t.conf)));
}

function scalar(c: Candidate | null, ctx: RenderCtx): FieldA | FieldB {
  if (!ctx.shapeA) return { value: c?.value ?? null, score: c ? r3(c.score) : 0 };
  if (!c) return { value: null, score: { grounding_score: 0, extraction_score: 0 }, citation: null };
  const cit = ctx.citations ? citationOf(c.tokens, ctx.doc) : null;
  return { value: c.value, score: { grounding_score: ctx.citations ? grounding(c, cit) : 0, extraction_score: r3(c.score) }, citation: cit };
}

function mean(v: number[]): number {
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0;
}

function scoreOf(f: FieldA | FieldB): number {
  return typeof f.score === 'number' ? f.score : (f.score.extraction_score ?? 0);
}

function groundOf(f: FieldA | FieldB): number {
  return typeof f.score === 'number' ? 0 : f.score.grounding_score;
}

/** Fields of an object (a row, a nested object), each rendered; nested arrays lose `citation`. */
function fields(outs: Record<string, Outcome>, ctx: RenderCtx, topLevel: boolean): Record<string, FieldA | FieldB> {
  return Object.fromEntries(Object.entries(outs).map(([k, o]) => [k, render(o, ctx, topLevel)]));
}

function aggregate(value: unknown, parts: (FieldA | FieldB)[], ctx: RenderCtx, topLevel: boolean): FieldA | FieldB {
  const found = parts.filter((p) => p.value !== null);
  const s = r3(mean(found.map(scoreOf)));
  if (!ctx.shapeA) return { value, score: s };
  const out: FieldA = { value, score: { grounding_score: ctx.citations ? r3(mean(found.map(groundOf))) : 0, extraction_score: s } };
  if (topLevel) out.citation = null;
  return out;
}

function render(o: Outcome, ctx: RenderCtx, topLevel: boolean): FieldA | FieldB {
  if (o.kind === 'scalar') {
    return scalar(o.candidate, ctx);
  }
  if (o.kind === 'object') {
    const sub = fields(o.fields, ctx, false);
    return aggregate(ctx.shapeA ? sub : Object.fromEntries(Object.entries(sub).map(([k, f]) => [k, f.value])), Object.values(sub), ctx, topLevel);
  }
  if (o.scalars) {
    const parts = o.scalars.map((c) => scalar(c, ctx));
    return aggregate(o.scalars.map((c) => c.value), parts, ctx, topLevel);
  }
  if (!o.rows) return aggregate(null, [], ctx, topLevel);
  const rows = o.rows.map((r) => fields(r, ctx, false));
  const value = ctx.shapeA ? rows : rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, f]) => [k, f.value])));
  return aggregate(value, rows.flatMap((r) => Object.values(r)), ctx, topLevel);
}

export function renderResult(outcomes: Record<string, Outcome>, doc: TokenizedDocument, model: ModelTier, citations: boolean): ExtractionResult {
  return fields(outcomes, { doc, citations, shapeA: usesShapeA(model, citations) }, true);
}

/** `review` when a required field is missing or any value found scores below 0.6. */
export function needsReview(result: ExtractionResult, schema: FieldSchema): boolean {
  for (const k of schema.required ?? []) if (result[k] === undefined || result[k]!.value === null || (Array.isArray(result[k]!.value) && (result[k]!.value as unknown[]).length === 0)) return true;
  return Object.values(result).some((f) => f.value !== null && scoreOf(f) < REVIEW_THRESHOLD);
}

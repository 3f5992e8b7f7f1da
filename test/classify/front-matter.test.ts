/**
 * A book recognised from its front matter alone (pipeline/page-classes/front-matter.ts and
 * page-support.ts): a generated sparse cover and title page whose title reads like law, a
 * copyright page (ISBN, Cataloguing-in-Publication data, "First published", "All rights
 * reserved") and a contents page, classified through the engine among the 15 doc_type names of
 * the labelled corpus. Before this change the cover's and title page's "Law" (pages 1-2,
 * weights x3 and x2) decided the document: legal. Also the cue's pure function on lines that
 * must and must not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import type { ClassificationResult } from '../../src/operations/classify/run-classify.js';
import type { ClassificationJobView } from '../../src/operations/classify/views.js';
import { frontMatterCue } from '../../src/pipeline/page-classes/front-matter.js';
import { combinePages, type PageScore } from '../../src/pipeline/page-classes/score-pages.js';
import { makePdf } from './make-pdf.js';

const DOC_TYPES = ['invoice', 'receipt', 'resume', 'id_document', 'shipping_document', 'business_card', 'form', 'other', 'letter', 'meeting_document', 'legal', 'report', 'manual', 'scientific_paper', 'book'];

/** A plain cover: a few words, one of them "Law". */
const COVER = ['THE LAW OF THE RIVER', 'Margaret Ellison'];
const TITLE_PAGE = ['THE LAW OF THE RIVER', 'How Water Rights Shaped a Valley', 'Margaret Ellison', '', '', 'HARBOURSIDE PRESS', 'LONDON'];
const COPYRIGHT_PAGE = [
  'First published in Great Britain in 2019 by Harbourside Press',
  '14 Quay Street, London',
  'Copyright (c) Margaret Ellison, 2019',
  'All rights reserved.',
  'British Library Cataloguing-in-Publication Data',
  'A catalogue record is available from the British Library',
  'ISBN 978-1-86197-876-9',
];
const CONTENTS_PAGE = ['Contents', 'Introduction        1', 'The Ford        9', 'The Mill Dispute        33', 'A Dry Summer        58', 'The Commission        81', 'Epilogue        112', 'Notes        120', 'Index        131'];

let engine: Engine;
beforeAll(() => {
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  await engine.close();
});

describe('a book from its front matter', () => {
  it('classifies a cover, a title page, a copyright page and a contents page as book', async () => {
    const data = await makePdf([COVER, TITLE_PAGE, COPYRIGHT_PAGE, CONTENTS_PAGE]);
    const created = await engine.submit<{ job_id: string }>('classify', { data, fileName: 'front-matter.pdf' }, { categories: DOC_TYPES.map((name) => ({ name })) });
    const res = await engine.wait<ClassificationJobView>(created.job_id, { timeoutMs: 120_000 });
    expect(res.status).toBe('completed');
    const result = res.result as ClassificationResult;
    expect(result.classification).toBe('book');
    // The title page's imprint line says book; the sparse cover alone still reads "Law".
    expect(result.pages.map((p) => p.classification)).toEqual(['legal', 'book', 'book', 'book']);
  });
});

describe('front-matter cue', () => {
  it('counts publisher signatures, two kinds in full', () => {
    expect(frontMatterCue(COPYRIGHT_PAGE.join('\n'), 30)).toBe(1);
    expect(frontMatterCue('ISBN 0-14-303465-4', 3)).toBe(0.5);
    expect(frontMatterCue('THE PENGUIN PRESS\nNEW YORK', 4)).toBe(0.5);
    expect(frontMatterCue('ALSO BY LAWRENCE LESSIG\nCode and Other Laws of Cyberspace', 10)).toBe(0.5);
    expect(frontMatterCue('For my mother,\nwho read to me', 6)).toBe(0.5);
  });

  it('does not count what other documents print', () => {
    // A reference list names presses with years; a press release is no imprint.
    expect(frontMatterCue('[12] J. Smith. Pattern Recognition. MIT Press, 2005.', 8)).toBe(0);
    expect(frontMatterCue('Press Release\nFor immediate publication', 5)).toBe(0);
    // A manual's or a report's "All rights reserved" and contents page are weak on their own.
    expect(frontMatterCue('(c) 2021 Acme Networks Inc. All rights reserved.', 6)).toBeLessThan(0.5);
    expect(frontMatterCue(CONTENTS_PAGE.join('\n'), 20)).toBeLessThan(0.5);
    // "to my" in running text is no dedication.
    const prose = Array.from({ length: 12 }, () => 'The committee wrote to my office about the budget and the schedule.').join('\n');
    expect(frontMatterCue(prose, 90)).toBe(0);
  });
});

describe("a page's vote scaled by its support", () => {
  const page = (n: number, legal: number, support?: number): PageScore => ({ page: n, classification: legal > 0.5 ? 'legal' : 'book', confidence: Math.max(legal, 1 - legal), scores: { legal, book: 1 - legal }, evidence: {}, ...(support === undefined ? {} : { support }) });

  it('lets a sparse page 1 weigh by what it holds, not by its x3 alone', () => {
    // Spec weights only: page 1 (x3) outvotes page 2 (x2).
    expect(combinePages([page(1, 0.7), page(2, 0.4)], ['legal', 'book']).classification).toBe('legal');
    const scaled = combinePages([page(1, 0.7, 0.2), page(2, 0.4, 1)], ['legal', 'book']);
    expect(scaled.classification).toBe('book');
    // The confidence keeps the spec's weights: the pages disagree, so it is low.
    expect(scaled.confidence).toBeLessThan(0.3);
  });
});

/**
 * The split operation (`POST /splitter/split-pdf-v1`): a mixed PDF cut into one PDF per
 * document found, each with its category (pipeline/page-classes/boundaries.ts).
 */
import type { Operation } from '../operation.js';
import { splitConfiguration, validateSplitOptions, type SplitOptions } from './options.js';
import type { SplitResult } from './run-split.js';
import { splitViews } from './views.js';

export const splitOperation: Operation<SplitOptions, SplitResult> = {
  name: 'split',
  description: 'Split a mixed PDF into one PDF per document (--classes invoice,receipt [--categories \'{"invoice":"..."}\'] [--out-dir DIR])',
  genericType: 'splitting',
  family: 'split',
  extraOptionNames: ['password', 'file_name'],
  validate: validateSplitOptions,
  publicConfig: splitConfiguration,
  // pdf-lib and the page classifier load with the first split job, not with the CLI.
  run: async (ctx) => (await import('./run-split.js')).runSplit(ctx),
  views: splitViews,
};

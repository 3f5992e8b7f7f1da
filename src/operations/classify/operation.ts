/**
 * The classification operation (`POST /classify`): a PDF or image into one of the caller's
 * categories, zero-shot (pipeline/page-classes), with page-by-page scores.
 */
import type { Operation } from '../operation.js';
import { classifyConfiguration, validateClassifyOptions, type ClassifyOptions } from './options.js';
import type { ClassificationResult } from './run-classify.js';
import { classifyViews } from './views.js';

export const classifyOperation: Operation<ClassifyOptions, ClassificationResult> = {
  name: 'classify',
  description: 'Classify a PDF or image into caller-given categories (--categories \'[{"name":"invoice"},...]\')',
  genericType: 'classification',
  family: 'classify',
  extraOptionNames: ['conditions', 'password', 'file_name'],
  validate: validateClassifyOptions,
  publicConfig: classifyConfiguration,
  // The page classifier (lexicons, scoring) loads with the first classify job, not with every engine.
  run: async (ctx) => (await import('./run-classify.js')).runClassify(ctx),
  views: classifyViews,
};

/**
 * Preloaded (`node --import`) into a CLI run by bench/worker-replay.mjs: records the pool tasks
 * the run hands to piscina (kind and payload, the PDF's bytes dropped) into CAPTURE_OUT
 * (v8.serialize), so that the workers' part of a parse can be replayed in one thread, for any
 * build (CAPTURE_BUILD: whose piscina to wrap).
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
if (isMainThread && process.env.CAPTURE_BUILD) {
  const { Piscina } = createRequire(path.join(process.env.CAPTURE_BUILD, 'package.json'))('piscina');
  const tasks = [];
  const run = Piscina.prototype.run;
  Piscina.prototype.run = function (task, opts) {
    const p = task?.payload ? { ...task.payload, data: null } : task.payload;
    tasks.push({ kind: task.kind, payload: p });
    return run.call(this, task, opts);
  };
  process.on('exit', () => fs.writeFileSync(process.env.CAPTURE_OUT, v8.serialize(tasks)));
}

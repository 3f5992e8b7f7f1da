/**
 * Preloaded (`node --import`) into a CLI run by bench/cli-timeline.ts: records when the worker
 * pool's tasks are handed to piscina and come back, and the main thread's own CPU at each
 * moment, then prints them at exit. Works on any build of this project (the base included)
 * because it only wraps piscina's `run`, found through the build's own node_modules
 * (TIMELINE_BUILD). Main-thread CPU is read from /proc/self/task/<pid>/stat (Linux; 10 ms
 * ticks): process.cpuUsage() counts the workers too, and Node 20 has no threadCpuUsage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

function mainThreadCpuMs() {
  try {
    const s = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return -1;
  }
}

if (isMainThread && process.env.TIMELINE_BUILD) {
  const { Piscina } = createRequire(path.join(process.env.TIMELINE_BUILD, 'package.json'))('piscina');
  const marks = [];
  const mark = (label) => marks.push({ t: performance.now(), label, mainCpu: mainThreadCpuMs() });
  const run = Piscina.prototype.run;
  Piscina.prototype.run = function (task, opts) {
    const kind = task?.kind ?? '?';
    mark(`dispatch ${kind}`);
    const p = run.call(this, task, opts);
    p.then(() => mark(`return ${kind}`), () => mark(`fail ${kind}`));
    return p;
  };
  process.on('exit', () => {
    mark('exit');
    const cpu = process.cpuUsage(); // the whole process, ended worker threads included
    fs.writeSync(2, `TIMELINE ${JSON.stringify({ marks, processCpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  });
}

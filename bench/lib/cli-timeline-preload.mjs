/**
 * Preloaded (`node --import`) into a CLI run by bench/cli-timeline.ts: records when the worker
 * pool's tasks are handed to piscina and come back, and the main thread's own CPU at each
 * moment, then prints them at exit. Works on any build of this project (the base included)
 * because it only wraps piscina's `run`, found through the build's own node_modules
 * (TIMELINE_BUILD). Main-thread CPU is read from /proc/self/task/<pid>/schedstat (Linux; ns):
 * process.cpuUsage() counts the workers too, and Node 20 has no threadCpuUsage.
 * The CPU of every thread is also read just before the pool is destroyed (the workers are idle
 * then, and gone at exit), split into the main thread, the threads that existed when this
 * preload ran (V8's platform threads, whose CPU is concurrent GC and optimising compilation,
 * and libuv's pool, started here), new threads named `node` (the pool's workers) and native
 * libraries' own threads (sharp's libvips, ...).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/** CPU ms of one thread: /proc/.../schedstat's first field, time on a CPU in ns (stat's 10 ms ticks are too coarse). */
function cpuMsOf(tid) {
  return Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

function mainThreadCpuMs() {
  try {
    return cpuMsOf(process.pid);
  } catch {
    return -1;
  }
}

function threadCpuMs() {
  const out = new Map();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const name = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      out.set(tid, { name, ms: cpuMsOf(tid) });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

if (isMainThread && process.env.TIMELINE_BUILD) {
  const { Piscina } = createRequire(path.join(process.env.TIMELINE_BUILD, 'package.json'))('piscina');
  await fs.promises.stat('/'); // starts libuv's thread pool, so that its threads count as the runtime's
  const runtimeTids = new Set(fs.readdirSync('/proc/self/task'));
  let threads;
  const destroy = Piscina.prototype.destroy;
  Piscina.prototype.destroy = function () {
    if (!threads) {
      threads = { runtime: 0, workers: 0, native: 0 };
      for (const [tid, t] of threadCpuMs()) {
        if (tid === String(process.pid)) continue;
        const k = runtimeTids.has(tid) ? 'runtime' : t.name === 'node' ? 'workers' : 'native';
        threads[k] += t.ms;
      }
    }
    return destroy.call(this);
  };
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
    fs.writeSync(2, `TIMELINE ${JSON.stringify({ marks, processCpuMs: (cpu.user + cpu.system) / 1000, threads })}\n`);
  });
}

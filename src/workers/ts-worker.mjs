// Pool worker entry when Quire runs from its TypeScript sources (tests, development): loads
// tsx in this thread, then the .ts worker file named in the pool's workerData. `--import tsx`
// in execArgv would not do: its hooks miss dynamic imports made inside worker threads.
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const worker = await import(workerData.tsEntry);
export default worker.default;

/**
 * The folder holding Quire's package.json: where bundled models live. Found by walking up,
 * so it is the same from src/ (tsx) and from dist/src/ (built).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export const PACKAGE_ROOT = findPackageRoot();

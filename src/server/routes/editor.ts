/** PDF editing (`POST {editor_url}/pdf-editor/edit/reparse`, editor_url = base + `/api/v1`): 501 until the edit operation lands. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notBuilt } from './not-built.js';

export const EDITOR_PREFIX = '/api/v1';

export async function editorRoutes(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  notBuilt(app, 'POST', `${EDITOR_PREFIX}/pdf-editor/edit/reparse`, 'Edit a PDF and optionally re-parse it');
}

import type { Context } from 'koa';

/** An HTML answer of the console. */
export function sendPage(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

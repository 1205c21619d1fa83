import { expect } from 'chai';
import { createLogger } from '../../src/lib/log.js';
import { logContext, outsideLogContext, withLogContext } from '../../src/lib/log-context.js';

describe('the log context', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    return { lines, logger: createLogger('info', { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) }) };
  };

  it('puts the context fields on every line, child loggers included; a line\'s own fields win', async () => {
    const { lines, logger } = capture();
    const child = logger.child({ network: 'sandbox' });
    await withLogContext({ request_id: 'r-1', document_id: 'd-1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('one');
      await withLogContext({ driver: 'PEPPOL', request_id: undefined }, async () => child.warn({ document_id: 'own' }, 'two'));
      logger.info('three');
    });
    logger.info('outside');
    expect(lines.map(({ time: _t, ...l }) => l)).to.deep.equal([
      { level: 'info', request_id: 'r-1', document_id: 'd-1', msg: 'one' },
      { level: 'warn', network: 'sandbox', request_id: 'r-1', document_id: 'own', driver: 'PEPPOL', msg: 'two' },
      { level: 'info', request_id: 'r-1', document_id: 'd-1', msg: 'three' },
      { level: 'info', msg: 'outside' },
    ]);
  });

  it('runs shared work outside any context, and a line never changes the context', () => {
    const { lines, logger } = capture();
    withLogContext({ request_id: 'r-2' }, () => {
      logger.info({ request_id: 'mine' }, 'own field');
      logger.info('in context');
      expect(logContext()).to.deep.equal({ request_id: 'r-2' });
      outsideLogContext(() => logger.info('shared'));
    });
    expect(lines.map((l) => l.request_id)).to.deep.equal(['mine', 'r-2', undefined]);
  });
});

import type { SpiDocument } from '../spi/document.js';
import type { DocumentContext, Examination } from '../spi/driver.js';
import { IssueList } from '../spi/issues.js';
import { checkCommon } from './common-checks.js';

/** The examination of a list of issues and the model built beside it: the model only when no issue is an error. */
export function examination<M>(issues: IssueList, model: M | undefined): Examination<M> {
  return issues.hasErrors || model === undefined ? { issues: issues.items } : { issues: issues.items, model };
}

/**
 * The model builder reads the document and reports into `issues` as it goes (validation and
 * mapping in one pass, so what is checked is exactly what is written); it may return a model
 * even when it reported errors, which are then what the examination keeps.
 */
export type ModelBuilder<S, M> = (doc: SpiDocument, ctx: DocumentContext<S>, issues: IssueList) => M | undefined | Promise<M | undefined>;

/**
 * A driver's `examine` for an XML format: the checks every such driver runs first (text XML
 * cannot carry, dates that do not exist, currencies outside ISO 4217), under the driver's issue
 * prefix, then its model builder.
 */
export function xmlExaminer<S, M>(prefix: string, build: ModelBuilder<S, M>): (doc: SpiDocument, ctx: DocumentContext<S>) => Promise<Examination<M>> {
  return async (doc, ctx) => {
    const issues = new IssueList(prefix);
    checkCommon(doc, prefix, issues);
    return examination(issues, await build(doc, ctx, issues));
  };
}

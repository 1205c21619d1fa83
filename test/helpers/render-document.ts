import type { SpiDocument } from '../../src/spi/document.js';
import type { Artifact, DocumentContext, Driver, RenderContext } from '../../src/spi/driver.js';
import { errorsOf, issueMessage, type Issue } from '../../src/spi/issues.js';

/** The driver's issues for a document (what a submission would answer 400 with, and its warnings). */
export async function issuesOf<S, M>(driver: Driver<S, M>, doc: SpiDocument, ctx: DocumentContext<S>): Promise<readonly Issue[]> {
  return (await driver.examine(doc, ctx)).issues;
}

/** A document's model, examined as a submission examines it; an error is a failed test. */
export async function modelOf<S, M>(driver: Driver<S, M>, doc: SpiDocument, ctx: DocumentContext<S>): Promise<M> {
  const { issues, model } = await driver.examine(doc, ctx);
  if (model === undefined) throw new Error(`the document has errors: ${errorsOf(issues).map(issueMessage).join('; ')}`);
  return model;
}

/** What a submission stores for a document: examined, rendered, and signed where the driver signs. */
export async function renderDocument<S, M>(driver: Driver<S, M>, doc: SpiDocument, ctx: RenderContext<S>, options: { sign?: boolean } = {}): Promise<Artifact[]> {
  const artifacts = driver.render(await modelOf(driver, doc, ctx), ctx);
  return options.sign && driver.sign ? await driver.sign(artifacts, ctx) : artifacts;
}

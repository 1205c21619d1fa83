import type { Command } from '../command.js';

export const renderCommand: Command = {
  name: 'render',
  summary: 'Print the legal document a driver renders for an SPI document (JSON file): the XML, or a PDF as bytes.',
  description:
    'Issues go to stderr; an error stops rendering with exit status 1. Nothing is stored or sent. A driver that renders several documents (ZUGFERD: the PDF, then its XML) prints the first unless --mime-type names another.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'DOCUMENT.json',
  options: { model: { type: 'string' }, 'mime-type': { type: 'string' } },
  optionHelp: { model: "use this model instead of the document's", 'mime-type': 'print the rendered document of this MIME type (application/xml, application/pdf)' },
  run: (values, positionals) => import('../actions/render.js').then((a) => a.render(renderCommand, values, positionals)),
};

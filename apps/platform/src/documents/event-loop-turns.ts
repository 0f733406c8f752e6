export { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How many rows a long document (a statement's table, a spreadsheet's sheet) makes before it lets
 * the event loop turn: about 20 ms of work on this machine, so the instance's other requests are
 * answered while it is made (docs/documents.md, "Long documents and the event loop").
 */
export const rowsPerTurn = 500;

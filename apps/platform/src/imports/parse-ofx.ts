import { Ofx } from 'ofx-data-extractor';
import { type ImportedRow, ImportFileError, parseFileAmount, parseFileDate } from './parsed-row.ts';

interface OfxTransaction {
  DTPOSTED?: unknown;
  TRNAMT?: unknown;
  FITID?: unknown;
  NAME?: unknown;
  MEMO?: unknown;
}

/** The bank and credit-card statement transactions of an OFX file (1.x SGML or 2.x XML). */
export function parseOfx(text: string): ImportedRow[] {
  let transactions: OfxTransaction[];
  try {
    const ofx = new Ofx(text, { nativeTypes: false });
    const type = ofx.getType();
    transactions = (
      type === 'CREDIT_CARD' ? ofx.getCreditCardTransferList() : ofx.getBankTransferList()
    ) as OfxTransaction[];
  } catch (error) {
    throw new ImportFileError(
      `The OFX file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!Array.isArray(transactions)) throw new ImportFileError('The OFX file has no statement transactions');
  return transactions.map((transaction, index) => {
    const posted = String(transaction.DTPOSTED ?? '');
    const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(posted);
    // A real calendar date: 20261340 matches the pattern, and PostgreSQL would refuse it.
    const date = match && parseFileDate(`${match[1]}-${match[2]}-${match[3]}`, 'YYYY-MM-DD');
    if (!date) throw new ImportFileError(`Transaction ${index + 1}: DTPOSTED '${posted}' is not an OFX date`);
    const amount = parseFileAmount(String(transaction.TRNAMT ?? ''));
    if (amount === undefined) throw new ImportFileError(`Transaction ${index + 1}: TRNAMT is not a number`);
    const description = [transaction.NAME, transaction.MEMO]
      .map((part) => (typeof part === 'string' ? part.trim() : ''))
      .filter(Boolean)
      .join(' ');
    const fitId =
      typeof transaction.FITID === 'string' && transaction.FITID.trim() ? transaction.FITID.trim() : null;
    // OFX allows 255 characters; a longer one overflowed the database's index row (a 500).
    if (fitId && fitId.length > 255) {
      throw new ImportFileError(`Transaction ${index + 1}: FITID is longer than 255 characters`);
    }
    return {
      date,
      amount,
      description: description || 'OFX transaction',
      fileId: fitId,
    };
  });
}

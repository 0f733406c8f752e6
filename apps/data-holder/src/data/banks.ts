/** The fictional Australian banks the holder serves; each is its own CDS base URL. */
export interface Bank {
  id: string;
  name: string;
  /** The first three digits of the bank's BSBs. */
  bsbPrefix: string;
  /** How the bank prefixes its product names. */
  productPrefix: string;
}

export const banks: readonly Bank[] = [
  { id: 'harbour-bank', name: 'Harbour Bank', bsbPrefix: '062', productPrefix: 'Harbour' },
  {
    id: 'southern-cross-cu',
    name: 'Southern Cross Credit Union',
    bsbPrefix: '814',
    productPrefix: 'Southern Cross',
  },
  { id: 'outback-mutual', name: 'Outback Mutual', bsbPrefix: '633', productPrefix: 'Outback' },
  { id: 'kookaburra-bank', name: 'Kookaburra Bank', bsbPrefix: '484', productPrefix: 'Kookaburra' },
  { id: 'red-gum-savings', name: 'Red Gum Savings', bsbPrefix: '704', productPrefix: 'Red Gum' },
];

export function findBank(bankId: string): Bank | undefined {
  return banks.find((bank) => bank.id === bankId);
}

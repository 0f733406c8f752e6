/** Real Australian merchant names and their ISO 18245 merchant category codes. */
export interface Merchant {
  name: string;
  mcc: string;
  minCents: number;
  maxCents: number;
}

const merchant = (name: string, mcc: string, minCents: number, maxCents: number): Merchant => ({
  name,
  mcc,
  minCents,
  maxCents,
});

export const merchants = {
  groceries: [
    merchant('Woolworths', '5411', 1800, 24000),
    merchant('Coles', '5411', 1500, 22000),
    merchant('Aldi', '5411', 1200, 14000),
    merchant('IGA', '5411', 800, 6000),
  ],
  dining: [
    merchant('Guzman y Gomez', '5814', 1400, 3500),
    merchant('Grill\u2019d', '5812', 2000, 6000),
    merchant('Mecca Coffee', '5814', 450, 1600),
    merchant('Uber Eats', '5812', 2200, 7500),
    merchant('Menulog', '5812', 2500, 6500),
  ],
  fuel: [
    merchant('BP', '5541', 4000, 11000),
    merchant('Ampol', '5541', 4000, 10500),
    merchant('7-Eleven', '5541', 3500, 9000),
  ],
  shopping: [
    merchant('Kmart', '5311', 1500, 12000),
    merchant('Bunnings Warehouse', '5200', 1200, 25000),
    merchant('JB Hi-Fi', '5732', 2500, 60000),
    merchant('Amazon AU', '5942', 1500, 15000),
    merchant('Chemist Warehouse', '5912', 900, 8000),
  ],
  transport: [merchant('Transport for NSW Opal', '4111', 500, 5000), merchant('Uber', '4121', 1200, 4500)],
  gambling: [merchant('Sportsbet', '7995', 1000, 20000), merchant('TAB', '7995', 1000, 15000)],
  businessSuppliers: [
    merchant('Bidfood', '5141', 30000, 250000),
    merchant('Campos Coffee Wholesale', '5499', 40000, 180000),
    merchant('Officeworks', '5943', 2000, 40000),
    merchant('Costco Wholesale', '5300', 15000, 120000),
  ],
} as const satisfies Record<string, readonly Merchant[]>;

export interface Biller {
  name: string;
  billerCode: string;
  mcc: string;
  minCents: number;
  maxCents: number;
}

/** Monthly and quarterly bills paid by direct debit or BPAY. */
export const billers: readonly Biller[] = [
  { name: 'AGL Energy', billerCode: '23796', mcc: '4900', minCents: 9000, maxCents: 26000 },
  { name: 'Telstra', billerCode: '23135', mcc: '4814', minCents: 6500, maxCents: 11000 },
  { name: 'Sydney Water', billerCode: '40006', mcc: '4900', minCents: 18000, maxCents: 32000 },
  { name: 'NRMA Insurance', billerCode: '7401', mcc: '6300', minCents: 9500, maxCents: 16000 },
];

export interface Subscription {
  name: string;
  mcc: string;
  cents: number;
}

export const subscriptions: readonly Subscription[] = [
  { name: 'Netflix', mcc: '4899', cents: 1899 },
  { name: 'Spotify', mcc: '4899', cents: 1399 },
  { name: 'Stan', mcc: '4899', cents: 1200 },
  { name: 'Disney+', mcc: '4899', cents: 1399 },
  { name: 'Anytime Fitness', mcc: '7997', cents: 3490 },
];

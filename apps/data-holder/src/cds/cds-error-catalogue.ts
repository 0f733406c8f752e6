/**
 * The CDS error codes the holder answers with (standard 1.36, "Error Codes"), plus two
 * holder-specific codes for the simulated authorisation step; the CDS pattern for those is a
 * holder code in `code` and the nearest standard code in `meta.urn`.
 */
export const cdsErrorCatalogue = {
  missingHeader: {
    status: 400,
    code: 'urn:au-cds:error:cds-all:Header/Missing',
    title: 'Missing Required Header',
  },
  invalidVersion: {
    status: 400,
    code: 'urn:au-cds:error:cds-all:Header/InvalidVersion',
    title: 'Invalid Version',
  },
  invalidField: { status: 400, code: 'urn:au-cds:error:cds-all:Field/Invalid', title: 'Invalid Field' },
  invalidDateTime: {
    status: 400,
    code: 'urn:au-cds:error:cds-all:Field/InvalidDateTime',
    title: 'Invalid Date',
  },
  invalidPageSize: {
    status: 400,
    code: 'urn:au-cds:error:cds-all:Field/InvalidPageSize',
    title: 'Invalid Page Size',
  },
  invalidPage: { status: 422, code: 'urn:au-cds:error:cds-all:Field/InvalidPage', title: 'Invalid Page' },
  unsupportedVersion: {
    status: 406,
    code: 'urn:au-cds:error:cds-all:Header/UnsupportedVersion',
    title: 'Unsupported Version',
  },
  invalidConsent: {
    status: 403,
    code: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
    title: 'Consent Is Invalid',
  },
  revokedConsent: {
    status: 403,
    code: 'urn:au-cds:error:cds-all:Authorisation/RevokedConsent',
    title: 'Consent Is Revoked',
  },
  invalidBankingAccount: {
    status: 404,
    code: 'urn:au-cds:error:cds-banking:Authorisation/InvalidBankingAccount',
    title: 'Invalid Banking Account',
  },
  unavailableBankingAccount: {
    status: 404,
    code: 'urn:au-cds:error:cds-banking:Authorisation/UnavailableBankingAccount',
    title: 'Unavailable Banking Account',
  },
  resourceNotFound: {
    status: 404,
    code: 'urn:au-cds:error:cds-all:Resource/NotFound',
    title: 'Resource Not Found',
  },
  serviceUnavailable: {
    status: 503,
    code: 'urn:au-cds:error:cds-all:Service/Unavailable',
    title: 'Service Unavailable',
  },
  unexpectedError: {
    status: 500,
    code: 'urn:au-cds:error:cds-all:GeneralError/Unexpected',
    title: 'Unexpected Error Encountered',
  },
  invalidToken: {
    status: 401,
    code: 'urn:waratah:data-holder:Authorisation/InvalidToken',
    title: 'Invalid Access Token',
    urn: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
  },
  invalidCredentials: {
    status: 401,
    code: 'urn:waratah:data-holder:Authorisation/InvalidCredentials',
    title: 'Invalid Credentials',
    urn: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
  },
  mfaRequired: {
    status: 403,
    code: 'urn:waratah:data-holder:Authorisation/MfaRequired',
    title: 'Multi-Factor Authentication Required',
    urn: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
  },
} as const satisfies Record<string, { status: number; code: string; title: string; urn?: string }>;

export type CdsErrorKind = keyof typeof cdsErrorCatalogue;

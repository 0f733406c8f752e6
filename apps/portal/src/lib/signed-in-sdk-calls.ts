/**
 * The route guard's SDK calls for a signed-in adviser (`loadSignedInSdk`): who they are and their
 * practice. Apart from `sdk-calls.ts`, so that the sign-in page does not fetch their contracts.
 */
export { getAdminUserDetails, getExternalPartyDetails } from '@waratah/sdk';

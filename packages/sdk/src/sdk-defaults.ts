/** The library's own header values (spec §7); a client built without overrides sends these. */
export const sdkDefaults = {
  apiVersion: '2.28',
  bundleId: 'webview.us.waratah',
  softwareVersion: 'V2.00',
  deviceVersion: 'web2.0.0',
} as const;

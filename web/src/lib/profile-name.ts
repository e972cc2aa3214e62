const PROFILE_NAMES: ReadonlyMap<string, string> = new Map([
  ['en16931', 'EN 16931'], ['peppol', 'Peppol BIS 3'], ['xrechnung', 'XRechnung 3'], ['factur-x', 'Factur-X'],
]);

/** An e-invoice profile as the pages name it; no profile is the API's default, EN 16931. */
export const profileName = (profile: string | null | undefined): string => PROFILE_NAMES.get(profile ?? 'en16931') ?? profile ?? 'EN 16931';

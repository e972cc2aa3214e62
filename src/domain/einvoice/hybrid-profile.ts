import type { Profile } from '../invoice/catalog.ts';
import type { RuleProfile } from './profiles.ts';

/** What sets a hybrid PDF's Factur-X / ZUGFeRD profile apart (D40). */
export interface HybridProfile {
  /** The rules the embedded CII meets: the document `output: "cii"` answers under this profile. */
  readonly ruleProfile: Extract<RuleProfile, 'en16931' | 'xrechnung'>;
  /** The attachment's name, which fx:DocumentFileName repeats. */
  readonly fileName: 'factur-x.xml' | 'xrechnung.xml';
  /** fx:ConformanceLevel. */
  readonly conformanceLevel: 'EN 16931' | 'XRECHNUNG';
}

/**
 * D40: Factur-X 1.07 / ZUGFeRD 2.3 in its EN 16931 profile carries the EN 16931 CII as
 * factur-x.xml; ZUGFeRD's XRECHNUNG profile carries the XRechnung CII as xrechnung.xml.
 */
const HYBRID_PROFILES: Readonly<Partial<Record<Profile, HybridProfile>>> = {
  'factur-x': { ruleProfile: 'en16931', fileName: 'factur-x.xml', conformanceLevel: 'EN 16931' },
  xrechnung: { ruleProfile: 'xrechnung', fileName: 'xrechnung.xml', conformanceLevel: 'XRECHNUNG' },
};

/**
 * The hybrid form of an invoice's PDF, or undefined for a plain PDF. An invoice's profile decides,
 * not its output, so its hosted link (D24) serves the same form whatever was downloaded: a
 * factur-x or xrechnung invoice's PDF always carries its CII; en16931 and peppol have no hybrid
 * form, and their PDFs stay plain (docs/pdf.md).
 */
export function hybridProfileOf(profile: Profile | undefined): HybridProfile | undefined {
  return profile === undefined ? undefined : HYBRID_PROFILES[profile];
}

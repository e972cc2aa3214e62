import type { MeteredOutput } from '../limits/document-cost.ts';

/** The two syntaxes of EN 16931 the service writes. */
export type EInvoiceSyntax = 'ubl' | 'cii';

/** The rule sets a document is checked against: EN 16931 alone, or with a CIUS on top. */
export type RuleProfile = 'en16931' | 'peppol' | 'xrechnung';

/**
 * The rules a written document claims to meet: a profile's, or none — a UBL 2.1 document that is
 * valid against the UBL schema and claims no EN 16931 conformance (docs/ubl.md).
 */
export type DocumentRules = RuleProfile | 'none';

/** What sets a hybrid PDF's Factur-X / ZUGFeRD profile apart. */
export interface HybridForm {
  /** The attachment's name, which fx:DocumentFileName repeats. */
  readonly fileName: string;
  /** fx:ConformanceLevel. */
  readonly conformanceLevel: string;
  /** How a PDF reader's attachment list names the document. */
  readonly title: string;
}

/** How an answer that is a file is sent. */
export interface KindFile {
  /** The Content-Type of the answer. */
  readonly mediaType: string;
  /** The attachment's name (Content-Disposition). */
  readonly fileName: string;
}

/**
 * What the PDF of an invoice of this kind does with the logo and signature: prints none (no PDF),
 * prints them, or prints them in an archival PDF (PDF/A-3b with an sRGB output intent), which
 * cannot show a CMYK image.
 */
export type ImageUse = 'none' | 'printed' | 'printed-srgb';

/**
 * One kind of document the service answers: an output under a profile. Everything that tells two
 * kinds apart is data here, so a new CIUS is a row (and its maker in the use-cases), never a
 * branch elsewhere.
 */
export interface DocumentKind {
  /** "output" or "output+profile": what the makers are keyed by. */
  readonly key: string;
  /** The request's `output`. */
  readonly output: string;
  /** The request's `profile` that selects this kind; undefined: asked for without one. */
  readonly profile: string | undefined;
  /** Selected as well when the request names no profile: the output's default profile. */
  readonly defaultOfOutput?: boolean;
  /** Never asked for by name: only what another kind falls back to. */
  readonly fallbackOnly?: boolean;
  /** The syntax written: the answer's, or the one inside a hybrid PDF; none for JSON and a plain PDF. */
  readonly syntax?: EInvoiceSyntax;
  /** The rules the data is checked against before a number is drawn; none: no e-invoice check. */
  readonly rules?: DocumentRules;
  /** The syntaxes whose own constraints the pre-flight adds: the one written, or for a JSON check every syntax the profile has. */
  readonly checkedSyntaxes: readonly EInvoiceSyntax[];
  /** BT-24. */
  readonly specificationId?: string;
  /** BT-23. */
  readonly businessProcessId?: string;
  /** The hybrid PDF form: the CII it carries and how. */
  readonly hybrid?: HybridForm;
  /** The file the answer is; undefined for a JSON answer. */
  readonly file?: KindFile;
  /** The Accept media type that asks for this kind's output when the body names none. */
  readonly acceptType?: string;
  /** The code a failure to make the document answers, without internals. */
  readonly errorCode?: 'pdf_error' | 'ubl_error' | 'cii_error';
  /** How the month is charged for it. */
  readonly meteredAs: MeteredOutput;
  readonly images: ImageUse;
  /**
   * The key of the kind written instead when the request named no profile and the data falls
   * short of this kind's rules; the answer then carries a warning.
   */
  readonly fallback?: string;
}

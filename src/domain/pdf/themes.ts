import type { Template } from '../invoice/catalog.ts';

/** Colours of one template; every value is #RRGGBB, or null where the template has none. */
export interface Theme {
  readonly accent: string;
  readonly text: string;
  readonly muted: string;
  readonly rule: string;
  /** Band behind the title block. */
  readonly header_fill: string | null;
  readonly header_text: string;
  readonly table_header_fill: string | null;
  readonly table_header_text: string;
  /** Fill of every other item row. */
  readonly stripe: string | null;
  /** Gold line under the header (navy). */
  readonly gold: string | null;
  /** Lines between item rows. */
  readonly borders: boolean;
}

/**
 * The five templates (spec): one layout (templates/invoice.typ), five themes.
 * classic: blue accent, alternating grey rows. modern: teal/cyan header. bold: dark charcoal
 * header, high contrast. minimal: light grey, borderless. navy: deep navy header with a gold line.
 */
export const THEMES: Readonly<Record<Template, Theme>> = {
  classic: {
    accent: '#1F5FAD', text: '#1D232B', muted: '#6B7380', rule: '#D5DAE1',
    header_fill: null, header_text: '#FFFFFF', table_header_fill: '#1F5FAD', table_header_text: '#FFFFFF',
    stripe: '#F2F4F7', gold: null, borders: false,
  },
  modern: {
    accent: '#0B8A94', text: '#1B2528', muted: '#66757A', rule: '#CFE3E5',
    header_fill: '#0FA3B1', header_text: '#FFFFFF', table_header_fill: '#E3F5F6', table_header_text: '#0B5F66',
    stripe: null, gold: null, borders: true,
  },
  bold: {
    accent: '#222629', text: '#000000', muted: '#4A4F55', rule: '#222629',
    header_fill: '#25282C', header_text: '#FFFFFF', table_header_fill: '#25282C', table_header_text: '#FFFFFF',
    stripe: null, gold: null, borders: true,
  },
  minimal: {
    accent: '#55595F', text: '#2B2E33', muted: '#8A8F96', rule: '#E4E6E9',
    header_fill: null, header_text: '#2B2E33', table_header_fill: null, table_header_text: '#55595F',
    stripe: null, gold: null, borders: false,
  },
  navy: {
    accent: '#1B2A4A', text: '#1B2230', muted: '#687286', rule: '#D3D8E2',
    header_fill: '#1B2A4A', header_text: '#FFFFFF', table_header_fill: '#1B2A4A', table_header_text: '#F3E7C4',
    stripe: '#F5F6FA', gold: '#C9A227', borders: false,
  },
};

/** accent_color replaces the accent, and the fills that carry it (classic's table header). */
export function themeFor(template: Template, accentColor: string | undefined): Theme {
  const base = THEMES[template];
  if (accentColor === undefined) return base;
  const accent = accentColor.toUpperCase();
  const carriesAccent = (colour: string | null) => colour !== null && (colour === base.accent || colour === base.header_fill);
  return {
    ...base,
    accent,
    header_fill: base.header_fill === null ? null : accent,
    table_header_fill: carriesAccent(base.table_header_fill) ? accent : base.table_header_fill,
  };
}

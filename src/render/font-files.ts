import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FONTS_DIR = fileURLToPath(new URL('../../node_modules/@expo-google-fonts/', import.meta.url));

/**
 * Fonts from npm, regular and bold; Typst embeds only the glyphs a PDF uses. Noto for Latin,
 * Cyrillic, Devanagari and Japanese. Arabic is Amiri, not Noto: the Noto Arabic families draw a
 * letter's dots as separate glyphs, and Typst's PDF text layer then maps each dot to its letter
 * again, so copying, searching or reading aloud an invoice gives "رققم" for "رقم" (measured with
 * MuPDF, docs/pdf.md). Amiri keeps letters whole and its text layer reads back correctly.
 */
export const FONT_FAMILIES: ReadonlyArray<{ readonly regular: string; readonly bold: string }> = [
  ['noto-sans/400Regular/NotoSans_400Regular.ttf', 'noto-sans/700Bold/NotoSans_700Bold.ttf'],
  ['amiri/400Regular/Amiri_400Regular.ttf', 'amiri/700Bold/Amiri_700Bold.ttf'],
  ['noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf', 'noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'],
  ['noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', 'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'],
].map(([regular, bold]) => ({ regular: path.join(FONTS_DIR, regular!), bold: path.join(FONTS_DIR, bold!) }));

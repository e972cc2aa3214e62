/**
 * UN/ECE Recommendation 20 unit codes for the unit labels people write on invoices, in the
 * service's languages. Keys are lower case without a trailing dot.
 */
export const UNIT_CODES: Readonly<Record<string, string>> = {
  // time
  h: 'HUR', hr: 'HUR', hrs: 'HUR', hour: 'HUR', hours: 'HUR', std: 'HUR', stunde: 'HUR', stunden: 'HUR',
  uur: 'HUR', heure: 'HUR', heures: 'HUR', hora: 'HUR', horas: 'HUR', ora: 'HUR', ore: 'HUR',
  'ч': 'HUR', 'час': 'HUR', 'часа': 'HUR', 'часов': 'HUR', '時間': 'HUR', 'घंटा': 'HUR', 'घंटे': 'HUR', 'ساعة': 'HUR', 'ساعات': 'HUR',
  min: 'MIN', mins: 'MIN', minute: 'MIN', minutes: 'MIN', minuten: 'MIN', minuto: 'MIN', minutos: 'MIN', minuti: 'MIN', '分': 'MIN',
  day: 'DAY', days: 'DAY', d: 'DAY', tag: 'DAY', tage: 'DAY', dag: 'DAY', dagen: 'DAY', jour: 'DAY', jours: 'DAY', 'día': 'DAY', 'días': 'DAY',
  dia: 'DAY', dias: 'DAY', giorno: 'DAY', giorni: 'DAY', 'день': 'DAY', 'дня': 'DAY', 'дней': 'DAY', '日': 'DAY', 'दिन': 'DAY', 'يوم': 'DAY', 'أيام': 'DAY',
  week: 'WEE', weeks: 'WEE', wk: 'WEE', wks: 'WEE', woche: 'WEE', wochen: 'WEE', semaine: 'WEE', semaines: 'WEE', semana: 'WEE', semanas: 'WEE',
  month: 'MON', months: 'MON', mo: 'MON', monat: 'MON', monate: 'MON', maand: 'MON', maanden: 'MON', mois: 'MON', mes: 'MON', meses: 'MON',
  mese: 'MON', mesi: 'MON', 'месяц': 'MON', 'месяца': 'MON', 'ヶ月': 'MON', 'か月': 'MON', 'महीना': 'MON', 'महीने': 'MON', 'شهر': 'MON',
  year: 'ANN', years: 'ANN', yr: 'ANN', yrs: 'ANN', jahr: 'ANN', jahre: 'ANN', jaar: 'ANN', an: 'ANN', ans: 'ANN', 'año': 'ANN', 'años': 'ANN',
  ano: 'ANN', anos: 'ANN', anno: 'ANN', anni: 'ANN', 'год': 'ANN', '年': 'ANN', 'वर्ष': 'ANN', 'سنة': 'ANN',
  // pieces and counts
  pc: 'H87', pcs: 'H87', piece: 'H87', pieces: 'H87', stk: 'H87', 'stück': 'H87', st: 'H87', stuk: 'H87', stuks: 'H87', 'pièce': 'H87',
  'pièces': 'H87', pieza: 'H87', piezas: 'H87', 'peça': 'H87', 'peças': 'H87', pezzo: 'H87', pezzi: 'H87', 'шт': 'H87', '個': 'H87',
  '点': 'H87', 'नग': 'H87', 'قطعة': 'H87',
  ea: 'EA', each: 'EA', unit: 'C62', units: 'C62', set: 'SET', sets: 'SET', pair: 'PR', pairs: 'PR', dozen: 'DZN', pack: 'XPK', box: 'XBX',
  // mass
  kg: 'KGM', kgs: 'KGM', kilogram: 'KGM', kilograms: 'KGM', 'кг': 'KGM', g: 'GRM', gram: 'GRM', grams: 'GRM', 'г': 'GRM',
  mg: 'MGM', t: 'TNE', tonne: 'TNE', tonnes: 'TNE', ton: 'TNE', lb: 'LBR', lbs: 'LBR', oz: 'ONZ',
  // length, area, volume
  m: 'MTR', meter: 'MTR', meters: 'MTR', metre: 'MTR', metres: 'MTR', 'м': 'MTR', cm: 'CMT', mm: 'MMT', km: 'KMT', 'км': 'KMT',
  in: 'INH', inch: 'INH', ft: 'FOT', foot: 'FOT', feet: 'FOT', yd: 'YRD', mi: 'SMI',
  m2: 'MTK', 'm²': 'MTK', sqm: 'MTK', qm: 'MTK', ft2: 'FTK', sqft: 'FTK', m3: 'MTQ', 'm³': 'MTQ',
  l: 'LTR', lt: 'LTR', liter: 'LTR', liters: 'LTR', litre: 'LTR', litres: 'LTR', 'л': 'LTR', ml: 'MLT', gal: 'GLL',
  // energy and data
  kwh: 'KWH', mwh: 'MWH', wh: 'WHR', gb: 'E34', mb: '4L', tb: 'E35',
};

/** The unit code for a line's unit label; C62 ("one") when there is none or it is not known. */
export function unitCode(unit: string | undefined): string {
  if (unit === undefined) return 'C62';
  return UNIT_CODES[unit.trim().toLowerCase().replace(/\.$/, '')] ?? 'C62';
}

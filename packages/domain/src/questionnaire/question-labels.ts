import type { QuestionnaireStep } from './steps';

// No imports of values: the web app's text catalogue (on the login page) takes these words without
// pulling the answer sheet's formatting along.

/** The four steps' titles, as the forms and the sidebar show them. */
export const questionnaireStepTitles: Record<QuestionnaireStep, string> = {
  general: 'Allgemeine Informationen',
  storeys: 'Stockwerke',
  windows: 'Fenster',
  heating: 'Heizung',
};

/** The questions as the forms ask them; the PDF export and the change log use the same words. */
export const questionLabels = {
  buildingUsage: 'Gebäudenutzung',
  buildingtype: 'Gebäudetyp',
  apartmentUnits: 'Anzahl der Wohneinheiten',
  renovatedUnits: 'Zu sanierende Einheiten',
  direction: 'Ausrichtung der Hauptfassade',
  constructionYear: 'Baujahr',
  roofType: 'Dachform',
  isAtticHeated: 'Ist der Dachboden beheizt?',
  numberOfStoreys: 'Anzahl der Geschoße (ohne Dachboden und Keller)',
  isBasementHeated: 'Ist der Keller beheizt?',
  isRenovated: 'Wurde das Gebäude bereits saniert?',
  isDifferentWindows: 'Gibt es unterschiedliche Fenster?',
  windowConstructionYear: 'Baujahr der Fenster',
  typeOfGlass: 'Verglasung',
  frameMaterial: 'Rahmenmaterial',
  isRollerBlindHousing: 'Gibt es Rollladenkästen?',
  heatProducer: 'Wärmeerzeuger',
  fuelType: 'Brennstoff',
  constructionYearHeating: 'Baujahr der Heizung',
  hotWaterProduction: 'Warmwasserbereitung',
  heatEmission: 'Wärmeabgabe',
  temperatureRegulation: 'Temperaturregelung',
} as const;
export type QuestionKey = keyof typeof questionLabels;

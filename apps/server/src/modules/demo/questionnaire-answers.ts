import {
  apartmentUnitsOptions, buildingTypes, buildingUsages, directions, frameMaterials, fuelTypes, heatEmissions, heatProducers,
  hotWaterProductions, numberOfStoreysOptions, questionnaireSchemas, questionnaireSteps, renovatedUnitsOptions, roofTypes,
  temperatureRegulations, typesOfGlass, type QuestionnaireRecord, type QuestionnaireStep,
} from '@bauakte/domain';
import type { Random } from './demo-data';

/** How far a project's client got with the questionnaire. */
export type QuestionnaireState = 'none' | 'partial' | 'complete';

type Answers = Record<string, unknown>;

const heatingYears = ['um 1990', '2004', '1980er-Jahre', '2012', 'unbekannt', 'ca. 1998'];
const bareYear = /^\d{4}$/;

/**
 * Every question of the step answered, as a client would: windows and heating no older than the
 * building (`builtIn`), so no answer is one the portal would ask the client to confirm.
 */
function fullStep(step: QuestionnaireStep, random: Random, builtIn = 0): Answers {
  switch (step) {
    case 'general':
      return {
        buildingUsage: random.pick(buildingUsages),
        buildingtype: random.pick(buildingTypes),
        apartmentUnits: random.pick(apartmentUnitsOptions),
        renovatedUnits: random.pick(renovatedUnitsOptions.slice(0, 6)),
        direction: random.pick(directions),
        constructionYear: random.int(1890, 2015),
      };
    case 'storeys':
      return {
        roof: { roofType: random.pick(roofTypes), isAtticHeated: random.chance(0.3) },
        numberOfStoreys: random.pick(numberOfStoreysOptions.slice(0, 6)),
        isBasementHeated: random.chance(0.25),
        isRenovated: random.chance(0.4),
      };
    case 'windows':
      // Different windows: the architect takes over, the other window questions stay open.
      if (random.chance(0.1)) return { isDifferentWindows: true, isRollerBlindHousing: null };
      return {
        isDifferentWindows: false,
        windowConstructionYear: random.int(Math.max(1960, builtIn), 2020),
        typeOfGlass: random.pick(typesOfGlass),
        frameMaterial: random.pick(frameMaterials),
        isRollerBlindHousing: random.chance(0.5),
      };
    case 'heating':
      return {
        heatProducer: random.pick(heatProducers),
        fuelType: random.pick(fuelTypes),
        constructionYearHeating: random.pick(heatingYears.filter((year) => !bareYear.test(year) || Number(year) >= builtIn)),
        hotWaterProduction: random.pick(hotWaterProductions),
        heatEmission: random.pick(heatEmissions),
        temperatureRegulation: random.pick(temperatureRegulations),
      };
  }
}

/** Some questions left open (the windows' pair rule kept: a roller-blind answer is needed without different windows). */
function partialStep(step: QuestionnaireStep, random: Random, builtIn: number): Answers {
  const answers = fullStep(step, random, builtIn);
  for (const key of Object.keys(answers)) {
    if (key === 'isDifferentWindows' || key === 'roof') continue;
    if (key === 'isRollerBlindHousing' && answers.isDifferentWindows === false) continue;
    if (random.chance(0.4)) answers[key] = null;
  }
  return answers;
}

/**
 * The saved steps of a project in the given state, each parsed by the step's own schema, so what
 * is stored is exactly what a PUT of the portal would have stored.
 */
export function questionnaireAnswers(state: QuestionnaireState, random: Random): QuestionnaireRecord {
  if (state === 'none') return {};
  const record: Record<string, unknown> = {};
  const saved = state === 'complete' ? questionnaireSteps.length : random.int(1, 3);
  questionnaireSteps.slice(0, saved).forEach((step, index) => {
    // A partial questionnaire has its last saved step half done, sometimes earlier ones too.
    const half = state === 'partial' && (index === saved - 1 || random.chance(0.2));
    const builtIn = (record.general as { constructionYear?: number | null } | undefined)?.constructionYear ?? 0;
    record[step] = questionnaireSchemas[step].parse(half ? partialStep(step, random, builtIn) : fullStep(step, random, builtIn));
  });
  return record as QuestionnaireRecord;
}

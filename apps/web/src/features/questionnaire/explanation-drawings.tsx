import type { ReactNode } from 'react';
import type {
  BuildingType,
  FrameMaterial,
  HeatEmission,
  HeatProducer,
  RoofType,
  TemperatureRegulation,
  TypeOfGlass,
} from '@bauakte/domain/labels';

/**
 * Small line drawings for the explanations ('Was bedeutet das?'): inline SVG in the questionnaire's
 * chunk, drawn in the text colour so they follow the theme. Each carries its text alternative as
 * role="img" with a label; the explanation beside it says the rest.
 */
function Drawing({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 96 64"
      role="img"
      aria-label={label}
      className="h-16 w-24 shrink-0 text-foreground"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      {children}
    </svg>
  );
}

type DrawingOf<V extends string> = Record<V, (label: string) => ReactNode>;

/** A house front at x, the client's own filled. */
function House({ x, own }: { x: number; own: boolean }) {
  return <path d={`M${x} 58 V30 L${x + 14} 18 L${x + 28} 30 V58 Z`} fill={own ? 'currentColor' : 'none'} fillOpacity={own ? 0.6 : 0} />;
}

export const buildingTypeDrawings: DrawingOf<BuildingType> = {
  FREISTEHEND: (label) => (
    <Drawing label={label}>
      <House x={34} own />
      <path d="M4 58 H92" />
    </Drawing>
  ),
  ECKHAUS: (label) => (
    <Drawing label={label}>
      <House x={20} own />
      <House x={48} own={false} />
      <path d="M4 58 H92" />
    </Drawing>
  ),
  MITTELHAUS: (label) => (
    <Drawing label={label}>
      <House x={6} own={false} />
      <House x={34} own />
      <House x={62} own={false} />
      <path d="M2 58 H94" />
    </Drawing>
  ),
};

const walls = <path d="M22 58 V32 H74 V58 Z" />;

export const roofTypeDrawings: DrawingOf<RoofType> = {
  FLACHDACH: (label) => (
    <Drawing label={label}>
      {walls}
      <path d="M16 32 H80 V27 H16 Z" />
    </Drawing>
  ),
  PULTDACH: (label) => (
    <Drawing label={label}>
      <path d="M22 58 V32 H74 V58 Z" />
      <path d="M16 34 L80 14 V32" />
    </Drawing>
  ),
  SATTELDACH: (label) => (
    <Drawing label={label}>
      {walls}
      <path d="M14 34 L48 8 L82 34" />
    </Drawing>
  ),
  ZELTDACH: (label) => (
    <Drawing label={label}>
      {walls}
      <path d="M14 34 L48 6 L82 34 M48 6 L58 34" />
    </Drawing>
  ),
};

/** A window in section: the frame's two ends and a pane per line; a heat-protection coating dashed. */
function Panes({ panes, coated }: { panes: readonly number[]; coated: boolean }) {
  return (
    <>
      <path d="M30 8 H66 M30 56 H66" />
      {panes.map((x) => (
        <path key={x} d={`M${x} 8 V56`} strokeWidth={3} />
      ))}
      {coated ? <path d={`M${(panes[0] ?? 40) + 3} 10 V54`} strokeDasharray="3 3" strokeWidth={1.5} /> : null}
      {/* The room's side, where the flame is held. */}
      <path d="M80 30 q-3 -6 0 -10 q3 4 0 10 Z M80 30 V40" strokeWidth={1.5} />
    </>
  );
}

export const typeOfGlassDrawings: DrawingOf<TypeOfGlass> = {
  SIMPLE: (label) => (
    <Drawing label={label}>
      <Panes panes={[48]} coated={false} />
    </Drawing>
  ),
  DOUBLE_ISOLATION: (label) => (
    <Drawing label={label}>
      <Panes panes={[40, 56]} coated={false} />
    </Drawing>
  ),
  DOUBLE_HEAT_PROTECTION: (label) => (
    <Drawing label={label}>
      <Panes panes={[40, 56]} coated />
    </Drawing>
  ),
  TRIPLE_HEAT_PROTECTION: (label) => (
    <Drawing label={label}>
      <Panes panes={[36, 48, 60]} coated />
    </Drawing>
  ),
};

/** A window's corner, seen from inside: the frame's two legs. */
const frameCorner = <path d="M20 8 V56 H88 M32 8 V44 H88" />;

export const frameMaterialDrawings: DrawingOf<FrameMaterial> = {
  WOOD: (label) => (
    <Drawing label={label}>
      {frameCorner}
      {/* Grain, and the joint where the legs meet. */}
      <path d="M23 12 q3 10 0 20 q-2 8 1 18 M28 14 q-2 12 1 24 M44 47 q12 3 24 0 q10 -2 18 1 M32 44 L20 56" strokeWidth={1.2} />
    </Drawing>
  ),
  PLASTIC: (label) => (
    <Drawing label={label}>
      {frameCorner}
      {/* The fine weld seam across the corner. */}
      <path d="M20 56 L32 44" strokeWidth={1} strokeDasharray="2 2" />
    </Drawing>
  ),
  ALUMINIUM: (label) => (
    <Drawing label={label}>
      <path d="M20 8 V56 H88 M27 8 V49 H88" />
      <path d="M22 14 L25 11 M22 24 L25 21 M22 34 L25 31 M40 54 L43 51 M56 54 L59 51 M72 54 L75 51" strokeWidth={1} />
    </Drawing>
  ),
};

const flame = <path d="M48 50 q-6 -8 0 -16 q6 8 0 16 Z" />;

export const heatProducerDrawings: DrawingOf<HeatProducer> = {
  STANDARD_BOILER: (label) => (
    <Drawing label={label}>
      <path d="M26 60 V20 H70 V60 Z M40 20 V4 H56 V20" />
      {flame}
    </Drawing>
  ),
  LOW_TEMP_BOILER: (label) => (
    <Drawing label={label}>
      <path d="M26 60 V20 H70 V60 Z M44 20 V8 H52 V20" />
      <circle cx={48} cy={36} r={8} />
      <path d="M48 36 L53 31" />
    </Drawing>
  ),
  CONDENSING_BOILER: (label) => (
    <Drawing label={label}>
      <path d="M30 46 V8 H66 V46 Z M44 8 V2 M52 8 V2" />
      {/* The condensate hose to the drain. */}
      <path d="M48 46 V52 q0 6 8 6 H76 M76 54 V62" />
      <path d="M40 26 h16" />
    </Drawing>
  ),
  HEAT_PUMP: (label) => (
    <Drawing label={label}>
      <path d="M16 56 V14 H80 V56 Z" />
      <circle cx={40} cy={35} r={14} />
      <path d="M40 21 V49 M26 35 H54" strokeWidth={1.5} />
      <path d="M62 22 H74 M62 30 H74 M62 38 H74" strokeWidth={1.5} />
    </Drawing>
  ),
  DISTRICT_HEAT_TRANSFER_STATION: (label) => (
    <Drawing label={label}>
      <path d="M2 24 H30 M2 40 H30" />
      <path d="M30 12 H74 V56 H30 Z" />
      <rect x={42} y={20} width={20} height={12} />
      <path d="M46 26 h12" strokeWidth={1.5} />
    </Drawing>
  ),
  OTHER: (label) => (
    <Drawing label={label}>
      <path d="M26 60 V20 H70 V60 Z" />
      <path d="M42 32 q0 -6 6 -6 q6 0 6 6 q0 5 -6 7 V44 M48 50 v1" />
    </Drawing>
  ),
};

export const heatEmissionDrawings: DrawingOf<HeatEmission> = {
  SMALL_AREA_HEAT_EMISSION: (label) => (
    <Drawing label={label}>
      <path d="M18 16 V52 M30 16 V52 M42 16 V52 M54 16 V52 M66 16 V52 M78 16 V52 M14 22 H82 M14 46 H82" />
    </Drawing>
  ),
  FAN_COIL: (label) => (
    <Drawing label={label}>
      <path d="M14 14 H82 V50 H14 Z" />
      <circle cx={36} cy={32} r={10} />
      <path d="M36 22 V42 M26 32 H46" strokeWidth={1.5} />
      <path d="M56 24 q6 4 0 8 q-6 4 0 8 M66 24 q6 4 0 8 q-6 4 0 8" strokeWidth={1.5} />
    </Drawing>
  ),
  AREA_HEATING: (label) => (
    <Drawing label={label}>
      <path d="M4 30 H92" />
      <path d="M10 38 H84 q6 0 6 5 q0 5 -6 5 H12 q-6 0 -6 5 q0 5 6 5 H86" strokeWidth={1.5} />
      <path d="M30 22 q-3 -4 0 -8 M48 22 q-3 -4 0 -8 M66 22 q-3 -4 0 -8" strokeWidth={1.5} />
    </Drawing>
  ),
  DECENTRALIZED_HEAT_PRODUCERS: (label) => (
    <Drawing label={label}>
      <path d="M28 60 V14 H68 V60 Z M28 26 H68 M28 38 H68 M28 50 H68 M41 14 V60 M55 14 V60" strokeWidth={1.5} />
      <path d="M44 4 V14 H52 V4" />
    </Drawing>
  ),
};

/** A radiator valve's head seen from the front. */
const valveHead = <path d="M30 56 V44 H66 V56 M34 44 V12 H62 V44" />;

export const temperatureRegulationDrawings: DrawingOf<TemperatureRegulation> = {
  SINGLE_ROOM_VALVE: (label) => (
    <Drawing label={label}>
      {valveHead}
      <text x={48} y={32} textAnchor="middle" fontSize={12} fill="currentColor" stroke="none">
        3
      </text>
      <path d="M38 20 h2 M56 20 h2" />
    </Drawing>
  ),
  NO_REGULATION: (label) => (
    <Drawing label={label}>
      <path d="M6 40 H90" strokeWidth={4} />
      <path d="M30 18 L66 54 M66 18 L30 54" strokeWidth={1.5} />
    </Drawing>
  ),
  RADIATOR_CONTROL_VALVE: (label) => (
    <Drawing label={label}>
      <path d="M6 44 H90" strokeWidth={4} />
      <path d="M40 44 V28 H56 V44 M36 28 H60 M48 28 V16" />
    </Drawing>
  ),
  ROOM_THERMOSTAT_ZONE_TIME: (label) => (
    <Drawing label={label}>
      <rect x={24} y={10} width={48} height={44} rx={4} />
      <circle cx={48} cy={32} r={12} />
      <path d="M48 32 V24 M48 32 L54 35" />
    </Drawing>
  ),
  SINGLE_ROOM_PI: (label) => (
    <Drawing label={label}>
      <rect x={24} y={10} width={48} height={44} rx={4} />
      <rect x={32} y={18} width={32} height={16} />
      <text x={48} y={30} textAnchor="middle" fontSize={10} fill="currentColor" stroke="none">
        21°
      </text>
      <path d="M38 44 h4 M54 44 h4" />
    </Drawing>
  ),
  SINGLE_ROOM_ELECTRONIC_OPTIMIZATION: (label) => (
    <Drawing label={label}>
      <rect x={14} y={10} width={40} height={44} rx={4} />
      <rect x={20} y={18} width={28} height={14} />
      <rect x={64} y={14} width={20} height={36} rx={3} />
      <path d="M70 44 h8 M56 26 q4 -4 8 0" strokeWidth={1.5} />
    </Drawing>
  ),
};

const compassPoints = [
  ['N', 48, 9],
  ['NO', 66, 16],
  ['O', 74, 35],
  ['SO', 66, 54],
  ['S', 48, 61],
  ['SW', 30, 54],
  ['W', 22, 35],
  ['NW', 30, 16],
] as const;

/** The compass for the main facade's direction: north up, the German letters (O for Ost). */
export function CompassDrawing({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 96 70" role="img" aria-label={label} className="h-28 w-36 shrink-0 text-foreground" fill="none" stroke="currentColor" strokeWidth={1.5}>
      <circle cx={48} cy={35} r={20} />
      <path d="M48 19 L52 35 L48 51 L44 35 Z" />
      <path d="M48 19 L52 35 H44 Z" fill="currentColor" />
      {compassPoints.map(([letter, x, y]) => (
        <text key={letter} x={x} y={y + 3} textAnchor="middle" fontSize={letter.length > 1 ? 7 : 9} fill="currentColor" stroke="none">
          {letter}
        </text>
      ))}
    </svg>
  );
}

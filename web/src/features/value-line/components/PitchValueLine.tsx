import { useId, useMemo, useState } from 'react';
import { modelInputOf, type ValueLineTypeId } from '../../../../../shared/valuation/value-line';
import { Loading } from '../../../components/Loading';
import { useSavedPitch } from '../api/get-saved-pitch';
import { ValueLineSection } from './ValueLineSection';

export interface PitchLineSource {
  id: string;
  symbol: string;
  name: string;
  typeId: ValueLineTypeId;
  /** The model's fields by name (a saved valuation, or a shared version's inputs). */
  fields: Readonly<Record<string, unknown>>;
  /** When it was pitched (ISO). */
  pitchedAt: string;
}

/** A saved pitch's value line from its date on, with the actual price. */
export function PitchValueLine({ pitch }: { pitch: PitchLineSource }) {
  const input = useMemo(
    () => modelInputOf(pitch.typeId, pitch.fields),
    [pitch.typeId, pitch.fields],
  );
  return (
    <ValueLineSection
      mode="pitch"
      symbol={pitch.symbol}
      input={input}
      pitchDate={pitch.pitchedAt.slice(0, 10)}
    />
  );
}

/** My Tracked Pitches: one pitch's value line at a time, chosen from the list. */
export function TrackedValueLines({
  pitches,
}: {
  pitches: readonly { id: string; symbol: string; name: string }[];
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const pitch = pitches.find((p) => p.id === chosen) ?? pitches[0];
  if (!pitch) return null;
  return (
    <div className="value-line-tracked">
      <label className="value-line__multiple" htmlFor={id}>
        <span>Value line of</span>
        <select id={id} value={pitch.id} onChange={(e) => setChosen(e.target.value)}>
          {pitches.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.symbol})
            </option>
          ))}
        </select>
      </label>
      <SavedPitchLine key={pitch.id} id={pitch.id} />
    </div>
  );
}

/** A tracked pitch's line, once its saved assumptions are read. */
function SavedPitchLine({ id }: { id: string }) {
  const saved = useSavedPitch(id);
  if (saved.isPending) return <Loading label="Loading the pitch…" />;
  if (saved.isError)
    return <p className="notice notice--error">The pitch could not be loaded. Please try again.</p>;
  const r = saved.data;
  return (
    <PitchValueLine
      pitch={{
        id: r.id,
        symbol: r.stock_symbol,
        name: r.stock_name ?? r.stock_symbol,
        typeId: r.valuation_type_id,
        fields: r,
        pitchedAt: r.createdAt,
      }}
    />
  );
}

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import { formatNumber } from '../../../../../shared/format/money';
import {
  PITCH_STATUS,
  VALUATION_API_MESSAGES,
  type ValuationRecord,
} from '../../../../../shared/schemas/valuation-api';
import {
  DCF_MESSAGES,
  holdPeriodSuffix,
  MODELS,
  MOATS,
  NOT_AVAILABLE,
  prefillValuation,
  VALUATION_BOUNDS,
  type Moat,
  type Prefill,
  type PrefillData,
  type ValuationResult,
  type WindowFigure,
} from '../../../../../shared/valuation';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { addValuation, updateValuation, usePrefillData } from '../api/valuation-api';
import {
  computeForm,
  fieldsOf,
  fieldText,
  formFromPrefill,
  formFromRecord,
  inputFromText,
  parseField,
  saveProblem,
  savePayload,
  suggestionText,
  type FieldSpec,
  type ValuationFormState,
} from '../model/form';
import { BuyDialog } from './BuyDialog';
import { MrMarketFace, UserAvatar } from './Characters';
import { Gauge } from './Gauge';
import { ImpliedGrowth } from './ImpliedGrowth';
import { Scenarios } from './Scenarios';
import { ContextPanel } from './ContextPanel';
import { DcfSensitivityGrid } from './DcfSensitivityGrid';
import { SensitivityGrid } from './SensitivityGrid';
import { ValueLineSection } from '../../value-line';

/** After a pitch the app moves on after about a second (the toast shows meanwhile). */
export const PITCH_NAVIGATE_DELAY_MS = 1000;

export interface SavedRef {
  id: string;
  outputId: string;
  status: 0 | 1 | 2;
}

export interface ValuationPanelProps {
  symbol: string;
  stockName?: string | undefined;
  typeId: ValuationTypeId;
  /** The live quote; null until known. */
  marketPrice: number | null;
  /** A saved valuation of this stock and methodology, loaded from /Market/{id}. */
  record?: ValuationRecord | null;
  user: { name: string; imageUrl?: string | null };
  onChangeMethodology: () => void;
}

/** The valuation panel of one methodology, prefilled from market data (or from the saved valuation). */
export function ValuationPanel(props: ValuationPanelProps) {
  const { symbol, typeId, marketPrice, record } = props;
  const data = usePrefillData(symbol, typeId === 5);
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [form, setForm] = useState<ValuationFormState | null>(() =>
    record ? formFromRecord(record) : null,
  );

  const ready = !data.isPending && marketPrice !== null;
  useEffect(() => {
    if (!ready || prefill) return;
    const next = prefillValuation(typeId, { ...(data.data ?? {}), price: marketPrice });
    setPrefill(next);
    setForm((current) => current ?? formFromPrefill(next));
  }, [ready, prefill, typeId, data.data, marketPrice]);

  // A new valuation follows the live price (refreshed every 30 s); a saved one keeps its price at save.
  useEffect(() => {
    if (record || marketPrice === null) return;
    setForm((f) =>
      f && parseField(f.text.market_price ?? '') !== marketPrice
        ? { ...f, text: { ...f.text, market_price: String(marketPrice) } }
        : f,
    );
  }, [record, marketPrice]);

  if (!form || !prefill) return <Loading label="Preparing the valuation…" />;
  return (
    <ValuationForm
      {...props}
      form={form}
      setForm={setForm}
      prefill={prefill}
      marketData={data.data}
      dataMissing={data.isError}
    />
  );
}

function ValuationForm({
  symbol,
  stockName,
  typeId,
  marketPrice,
  record,
  user,
  onChangeMethodology,
  form,
  setForm,
  prefill,
  marketData,
  dataMissing,
}: ValuationPanelProps & {
  form: ValuationFormState;
  setForm: (update: (f: ValuationFormState | null) => ValuationFormState | null) => void;
  prefill: Prefill;
  marketData: Omit<PrefillData, 'price'> | undefined;
  dataMissing: boolean;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const model = MODELS[typeId];
  const computed = useMemo(() => computeForm(form), [form]);
  const input = useMemo(() => inputFromText(form.typeId, form.text), [form.typeId, form.text]);
  const [saved, setSaved] = useState<SavedRef | null>(
    record
      ? { id: record.id, outputId: record.valuation_output_id, status: record.pitch_status }
      : null,
  );
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [moatsOpen, setMoatsOpen] = useState(false);
  const [buyOpen, setBuyOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);

  const edit = (update: (f: ValuationFormState) => ValuationFormState) => {
    setDirty(true);
    setForm((f) => (f ? update(f) : f));
  };
  const setText = (name: string, text: string) =>
    edit((f) => ({ ...f, text: { ...f.text, [name]: text } }));

  const modalProblem = !computed.ok && computed.modal ? computed.message : null;
  useEffect(() => {
    if (!modalProblem) setDismissed(null);
  }, [modalProblem]);

  /** Saves with the current quote: a new pitch, or the Re-Pitch of the saved one. */
  const pitch = async () => {
    let current = form;
    if (marketPrice !== null && parseField(form.text.market_price ?? '') !== marketPrice) {
      current = { ...form, text: { ...form.text, market_price: String(marketPrice) } };
      setForm(() => current);
    }
    const payload = savePayload(current, { symbol, name: stockName });
    if (!payload) {
      toast.error(saveProblem(current) ?? 'The valuation cannot be saved');
      return;
    }
    setBusy(true);
    try {
      if (saved) {
        const answer = await updateValuation(saved.id, payload);
        toast.success(VALUATION_API_MESSAGES.pitchUpdated);
        const to = saved.status === PITCH_STATUS.tracked ? paths.trackedPitches : paths.pitches;
        setSaved({
          id: answer.data.id,
          outputId: answer.data.valuation_output_id,
          status: answer.data.pitch_status,
        });
        window.setTimeout(() => navigate(to), PITCH_NAVIGATE_DELAY_MS);
      } else {
        const answer = await addValuation(payload, PITCH_STATUS.pitched);
        toast.success(VALUATION_API_MESSAGES.pitchAdded);
        setSaved({
          id: answer.data.id,
          outputId: answer.data.valuation_output_id,
          status: answer.data.pitch_status,
        });
        window.setTimeout(() => navigate(paths.pitches), PITCH_NAVIGATE_DELAY_MS);
      }
      setDirty(false);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The pitch could not be saved');
    } finally {
      setBusy(false);
    }
  };

  const fields = fieldsOf(typeId);
  const result = computed.ok ? computed : null;
  const heading = `${model.name} Valuation`;

  return (
    <section className="valuation-panel" aria-label={heading}>
      <header className="valuation-panel__header">
        <h2 className="valuation-panel__title">
          Valuation Methodology: <span>{model.name}</span>
        </h2>
        <button type="button" className="link-button" onClick={onChangeMethodology}>
          Change
        </button>
      </header>
      {dataMissing && (
        <p className="notice notice--info">
          Market data for {symbol} could not be loaded: the assumptions start at 1.
        </p>
      )}

      <fieldset className="valuation-box">
        <legend>My Assumptions</legend>
        {typeId === 4 && (
          <label className="valuation-field valuation-field--note">
            <span className="valuation-field__label">EBITDA Label</span>
            <input
              type="text"
              value={form.ebitdaLabel}
              maxLength={40}
              onChange={(e) => edit((f) => ({ ...f, ebitdaLabel: e.target.value }))}
            />
          </label>
        )}
        {fields.map((field) => (
          <AssumptionField
            key={field.name}
            field={field}
            typeId={typeId}
            text={form.text[field.name] ?? ''}
            baseYear={prefill.baseYear}
            ebitdaLabel={form.ebitdaLabel}
            onText={(text) => setText(field.name, text)}
            onBlur={() => {
              const n = parseField(form.text[field.name] ?? '');
              if (
                Number.isFinite(n) &&
                (field.kind === 'growth' || field.kind === 'multiple' || field.kind === 'rate')
              )
                setForm((f) =>
                  f ? { ...f, text: { ...f.text, [field.name]: fieldText(field.kind, n) } } : f,
                );
            }}
            suggestions={
              field.kind === 'growth'
                ? prefill.growthHistory
                : field.kind === 'multiple'
                  ? prefill.multipleHistory
                  : null
            }
            holdPeriod={parseField(form.text.holding_period ?? '')}
            extra={field.kind === 'growth' ? <ImpliedGrowth input={input} /> : null}
          />
        ))}
        {typeId === 4 && <p className="valuation-note">Amounts in millions where appropriate.</p>}
      </fieldset>

      <section className="valuation-box" aria-label="My Valuation">
        <h3>My Valuation</h3>
        {result ? (
          <Outputs result={result} typeId={typeId} moats={form.moats} />
        ) : (
          <p className="notice notice--error valuation-problem" role="alert">
            {computed.ok ? '' : computed.message}
          </p>
        )}
      </section>

      <ContextPanel symbol={symbol} typeId={typeId} data={marketData} input={input} />

      <ValueLineSection mode="panel" symbol={symbol} input={input} />

      {input.valuation_type_id === 5 ? (
        <DcfSensitivityGrid input={input} />
      ) : (
        <SensitivityGrid input={input} />
      )}

      <Scenarios
        form={form}
        input={input}
        onChange={(scenarios) => edit((f) => ({ ...f, scenarios }))}
      />

      <Gauge value={result?.gauge ?? 0} />

      <div className="valuation-characters">
        <figure>
          <MrMarketFace mood={result?.moods.marketMood ?? 'happy'} band={result?.moods.band ?? 1} />
          <figcaption>Mr. Market</figcaption>
        </figure>
        <figure>
          <UserAvatar
            mood={result?.moods.userMood ?? 'sad'}
            band={result?.moods.band ?? 1}
            name={user.name}
            imageUrl={user.imageUrl ?? null}
          />
          <figcaption>{user.name}</figcaption>
        </figure>
      </div>

      <div className="valuation-box">
        <h3>Moats</h3>
        <p className="valuation-moats">
          {form.moats.length ? form.moats.join(', ') : 'None chosen'}
        </p>
        <button type="button" className="button button--ghost" onClick={() => setMoatsOpen(true)}>
          Choose Moats
        </button>
      </div>

      <label className="valuation-field valuation-field--comment">
        <span className="valuation-field__label">Comment</span>
        <textarea
          value={form.comment}
          maxLength={VALUATION_BOUNDS.commentMax}
          rows={4}
          onChange={(e) => edit((f) => ({ ...f, comment: e.target.value }))}
        />
      </label>

      <div className="valuation-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !result}
          onClick={() => void pitch()}
        >
          {saved ? 'Re-Pitch' : 'Pitch'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || !result}
          onClick={() => setBuyOpen(true)}
        >
          Buy
        </button>
      </div>

      {moatsOpen && (
        <MoatsDialog
          value={form.moats}
          onClose={() => setMoatsOpen(false)}
          onChange={(moats) => edit((f) => ({ ...f, moats }))}
        />
      )}
      {modalProblem && dismissed !== modalProblem && (
        <Dialog title={modalProblem} onClose={() => setDismissed(modalProblem)}>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setDismissed(modalProblem);
                onChangeMethodology();
              }}
            >
              Change Methodology
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setDismissed(modalProblem)}
            >
              Edit Assumptions
            </button>
          </div>
        </Dialog>
      )}
      {buyOpen && result && (
        <BuyDialog
          symbol={symbol}
          typeId={typeId}
          result={result}
          payload={savePayload(form, { symbol, name: stockName })}
          saved={dirty ? (saved ? { ...saved, outputId: '' } : null) : saved}
          onSaved={(next) => {
            setSaved(next);
            setDirty(false);
          }}
          onClose={() => setBuyOpen(false)}
        />
      )}
    </section>
  );
}

function AssumptionField({
  field,
  typeId,
  text,
  baseYear,
  ebitdaLabel,
  onText,
  onBlur,
  suggestions,
  holdPeriod,
  extra,
}: {
  field: FieldSpec;
  typeId: ValuationTypeId;
  text: string;
  baseYear: number | null;
  ebitdaLabel: string;
  onText: (text: string) => void;
  onBlur: () => void;
  suggestions: WindowFigure[] | null;
  holdPeriod: number;
  /** Shown under the input (the growth rate the price implies, beside the growth input). */
  extra?: ReactNode;
}) {
  let label = field.label;
  // P/S's base is the last fiscal year's actual figure: the year and A, as EV/EBITDA's label.
  if (typeId === 3 && field.kind === 'base' && baseYear !== null) label = `${label} (${baseYear}A)`;
  else if (typeId === 5 && field.kind === 'base' && baseYear !== null)
    label = `${label} (${baseYear})`;
  const suffix =
    field.kind === 'growth' || field.kind === 'rate'
      ? '%'
      : field.kind === 'years'
        ? 'years'
        : field.kind === 'multiple'
          ? 'x'
          : field.kind === 'millions'
            ? 'M'
            : field.kind === 'hold'
              ? holdPeriodSuffix(Number.isFinite(holdPeriod) ? holdPeriod : 1)
              : null;
  const hint =
    field.kind === 'hold'
      ? 'Typical hold periods: 3, 5, 7 or 10 years'
      : field.kind === 'years'
        ? 'Whole years, 1 to 20'
        : field.name === 'discount_rate'
          ? 'Must be above the terminal growth rate'
          : undefined;
  return (
    <div className={`valuation-field valuation-field--${field.kind}`}>
      <label className="valuation-field__row" title={hint}>
        <span className="valuation-field__label">
          {label}
          {typeId === 4 && field.name === 'ebitda' && ebitdaLabel && (
            <span className="valuation-field__tag"> ({ebitdaLabel})</span>
          )}
        </span>
        <span className="valuation-field__input">
          <input
            type="text"
            inputMode="decimal"
            name={field.name}
            value={text}
            readOnly={field.kind === 'price'}
            aria-readonly={field.kind === 'price' ? true : undefined}
            onChange={(e) => onText(e.target.value)}
            onBlur={onBlur}
          />
          {suffix && <span className="valuation-field__suffix">{suffix}</span>}
        </span>
      </label>
      {hint && <span className="valuation-field__hint">{hint}</span>}
      {extra}
      {suggestions && (
        <div
          className="valuation-suggestions"
          role="group"
          aria-label={`${field.label} from history`}
        >
          {suggestions.map((s) => (
            <button
              key={s.window}
              type="button"
              className="chip"
              disabled={s.value === null}
              onClick={() => s.value !== null && onText(s.value.toFixed(2))}
            >
              {s.value === null
                ? `${s.window} Yr: ${NOT_AVAILABLE}`
                : suggestionText(s, field.kind === 'growth')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

const money = (n: number) => formatNumber(n, 2);
const pct = (n: number) => `${formatNumber(n, 2)}%`;
const millions = (n: number) => `${formatNumber(n, 2)} M`;

function Outputs({
  result,
  typeId,
  moats,
}: {
  result: ValuationResult;
  typeId: ValuationTypeId;
  moats: Moat[];
}) {
  const model = MODELS[typeId];
  const ev = typeId === 4;
  const rows: [string, string][] = [
    [model.endOfHoldLabel, ev ? millions(result.endOfHoldValue) : money(result.endOfHoldValue)],
  ];
  if (result.dcf) {
    rows.push(['PV Of Stage One', money(result.dcf.pvStageOne)]);
    rows.push(['Terminal Value', money(result.dcf.terminalValue)]);
    rows.push(['PV Of Terminal Value', money(result.dcf.pvTerminalValue)]);
    rows.push([
      'Terminal Value Share Of Intrinsic Value',
      pct(result.dcf.terminalValueSharePercent),
    ]);
  }
  if (ev) {
    rows.push(['Enterprise Value', millions(result.enterpriseValue ?? 0)]);
    rows.push([
      'Intrinsic Value Of Business (Equity)',
      millions(result.intrinsicValueOfBusiness ?? 0),
    ]);
  }
  rows.push([
    ev ? 'Intrinsic Value Per Share (Equity)' : 'Intrinsic Value Per Share',
    money(result.intrinsicValuePerShare),
  ]);
  rows.push(['Moats', moats.length ? moats.join(', ') : 'None']);
  rows.push([result.labels.margin, pct(result.premiumPercent)]);
  rows.push([result.labels.gain, pct(Math.abs(result.expectedGainPercent))]);
  rows.push([ev ? 'Expected IRR' : 'IRR', pct(result.irrPercent)]);
  rows.push([ev ? 'Expected MOIC' : 'MOIC', `${formatNumber(result.moic, 2)}x`]);
  return (
    <>
      <dl className="valuation-outputs">
        {rows.map(([label, value]) => (
          <div key={label} className="valuation-outputs__row">
            <dt>{label}</dt>
            <dd data-output={label}>{value}</dd>
          </div>
        ))}
      </dl>
      {result.dcf?.terminalValueWarning && (
        <p className="notice notice--info" role="status" data-terminal-warning>
          {DCF_MESSAGES.terminalShareWarning}
        </p>
      )}
    </>
  );
}

function MoatsDialog({
  value,
  onChange,
  onClose,
}: {
  value: Moat[];
  onChange: (moats: Moat[]) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Choose Moats" onClose={onClose}>
      <fieldset className="moats-picker">
        <legend className="visually-hidden">Moats</legend>
        {MOATS.map((moat) => (
          <label key={moat} className="moats-picker__option">
            <input
              type="checkbox"
              checked={value.includes(moat)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? MOATS.filter((m) => m === moat || value.includes(m))
                    : value.filter((m) => m !== moat),
                )
              }
            />{' '}
            {moat}
          </label>
        ))}
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

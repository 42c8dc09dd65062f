import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_BOXES,
  MAX_DIMENSION_CM,
  MAX_PARCEL_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_ACCEPT,
  PHOTO_MIME_TYPES,
  normalizeTrackCode,
  isTrackCode,
  parseWeightKg,
  type TDimensionsCm,
  type TPhotoMime,
  type TReceiveParcelResult,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useReceiveParcelMutation, useUploadPhotosMutation } from '../api/manage-api';
import { CameraScanner } from '../components/camera-scanner';
import { CameraIcon, PhotoIcon } from '../components/manage-icons';
import { LabelPanel } from '../components/label-panel';
import { ParcelDeclaration } from '../components/parcel-declaration';
import { ParcelSummary } from '../components/parcel-bits';
import { errorInfo } from '../model/api-error';
import { scanFeedback } from '../model/scan-feedback';
import styles from '../manage.module.css';

const SIDES = ['length', 'width', 'height'] as const;
type Side = (typeof SIDES)[number];
const NO_DIMS: Record<Side, string> = { length: '', width: '', height: '' };

/** Three sides in cm ("35,5" or "35.5"): null when all are empty, false when some are missing or out of range. */
function parseDimensions(raw: Record<Side, string>): TDimensionsCm | null | false {
  const texts = SIDES.map((s) => raw[s].trim().replace(',', '.'));
  if (texts.every((v) => v === '')) return null;
  const values = texts.map((v) => (/^\d+(\.\d)?$/.test(v) ? Number(v) : NaN));
  if (values.some((n) => !(n > 0 && n <= MAX_DIMENSION_CM))) return false;
  return { length: values[0]!, width: values[1]!, height: values[2]! };
}

/** Receive in China: scan or type the code, weigh, optionally photograph, and save; the form is ready for the next one. */
export function ReceiveWork() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [weight, setWeight] = useState('');
  const [label, setLabel] = useState('');
  const [boxes, setBoxes] = useState('1');
  const [boxWeights, setBoxWeights] = useState<string[]>([]);
  const [dims, setDims] = useState<Record<Side, string>>(NO_DIMS);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TReceiveParcelResult[]>([]);
  const [camera, setCamera] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const weightInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [receive, receiving] = useReceiveParcelMutation();
  const [upload, uploading] = useUploadPhotosMutation();

  const reset = () => {
    setCode('');
    setWeight('');
    setLabel('');
    setBoxes('1');
    setBoxWeights([]);
    setDims(NO_DIMS);
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
    codeInput.current?.focus();
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setProblem(null);
    const normalized = normalizeTrackCode(code);
    const boxCount = /^\d{1,2}$/.test(boxes.trim()) ? Number(boxes.trim()) : NaN;
    const perBox = boxCount > 1 ? boxWeights.slice(0, boxCount).map((w) => parseWeightKg(w)) : [];
    const weighedApart = perBox.length === boxCount && perBox.every((w) => w !== null);
    const kg = weighedApart ? null : parseWeightKg(weight);
    const next: Record<string, string> = {};
    if (!isTrackCode(normalized)) next.track_code = t('validation:track_code_invalid');
    if (!(boxCount >= 1 && boxCount <= MAX_BOXES)) next.boxes = t('manage:receive.boxes_invalid');
    else if (!weighedApart && boxWeights.slice(0, boxCount).some((w) => w.trim() !== ''))
      next.box_weights = t('manage:receive.box_weights_invalid');
    if (kg === null && !weighedApart) next.weight = t('manage:receive.weight_invalid');
    const dimensions = parseDimensions(dims);
    if (dimensions === false) next.dimensions = t('manage:receive.dimensions_invalid', { max: MAX_DIMENSION_CM });
    setErrors(next);
    if (next.track_code) {
      codeInput.current?.focus();
      return;
    }
    if (next.weight) {
      weightInput.current?.focus();
      return;
    }
    if (dimensions === false || next.boxes || next.box_weights) return;
    try {
      const photos = files.length ? await upload(files).unwrap() : [];
      const result = await receive({
        track_code: normalized,
        ...(weighedApart ? { boxes: boxCount, box_weights: perBox as number[] } : { weight: kg!, boxes: boxCount }),
        dimensions: dimensions ?? undefined,
        label_client_code: label.trim() || undefined,
        photos,
      }).unwrap();
      setDone((list) => [result, ...list].slice(0, 20));
      scanFeedback(result.matched_by === 'unclaimed' || result.matched_by === 'disputed' ? 'warn' : 'ok');
      reset();
    } catch (error) {
      const info = errorInfo(error, t);
      scanFeedback('error');
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(info.fields)) if (v[0]) fields[k] = v[0];
      if (info.code === 'parcel_already_received') fields.track_code = info.message;
      setErrors(fields);
      if (fields.track_code) {
        setProblem(null);
        codeInput.current?.select();
        return;
      }
      setProblem(info.message);
      codeInput.current?.focus();
    }
  };

  const onFiles = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (
      chosen.length > MAX_PARCEL_PHOTOS ||
      chosen.some((f) => f.size > MAX_PHOTO_BYTES || !PHOTO_MIME_TYPES.includes(f.type as TPhotoMime))
    ) {
      setErrors((e) => ({ ...e, photos: t('manage:receive.photos_invalid') }));
      if (fileInput.current) fileInput.current.value = '';
      setFiles([]);
      return;
    }
    setErrors(({ photos: _p, ...rest }) => rest);
    setFiles(chosen);
  };

  return (
    <div className={styles.workGrid}>
      <form className={styles.panel} onSubmit={submit} noValidate data-testid="receive-form">
        <h2 className={styles.panelTitle}>{t('manage:receive.title')}</h2>
        <p className={styles.muted}>{t('manage:receive.lead')}</p>
        <div className={styles.withButton}>
          <TextField
            ref={codeInput}
            label={t('manage:receive.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (code.trim()) weightInput.current?.focus();
              }
            }}
            error={errors.track_code}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="next"
            data-testid="receive-code"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => setCamera(true)}
            aria-label={t('manage:camera.open')}
            title={t('manage:camera.open')}
            className={styles.fieldButton}
          >
            <CameraIcon size={20} />
          </Button>
        </div>
        <div className={styles.twoCols}>
          <TextField
            ref={weightInput}
            label={t('manage:receive.weight')}
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
            error={errors.weight}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,000"
            enterKeyHint="done"
            data-testid="receive-weight"
          />
          <TextField
            label={t('manage:receive.label_code')}
            hint={t('manage:receive.label_hint')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={errors.label_client_code}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="KZ-10457"
            data-testid="receive-label"
          />
        </div>
        <TextField
          label={t('manage:receive.boxes')}
          hint={t('manage:receive.boxes_hint')}
          value={boxes}
          onChange={(e) => setBoxes(e.target.value)}
          error={errors.boxes}
          inputMode="numeric"
          autoComplete="off"
          data-testid="receive-boxes"
        />
        {Number(boxes) > 1 && Number(boxes) <= MAX_BOXES && (
          <fieldset className={styles.dimsField} aria-describedby="receive-box-weights-hint">
            <legend className={styles.dimsLegend}>{t('manage:receive.box_weights_hint')}</legend>
            <div className={styles.boxesField}>
              {Array.from({ length: Number(boxes) }, (_, i) => (
                <TextField
                  key={i}
                  label={t('manage:receive.box_weight', { box: i + 1 })}
                  value={boxWeights[i] ?? ''}
                  onChange={(e) =>
                    setBoxWeights((list) => {
                      const copy = [...list];
                      copy[i] = e.target.value;
                      return copy;
                    })
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0,000"
                  data-testid={`receive-box-weight-${i + 1}`}
                />
              ))}
            </div>
            {errors.box_weights && (
              <span id="receive-box-weights-hint" className={styles.errorText}>
                {errors.box_weights}
              </span>
            )}
          </fieldset>
        )}
        <fieldset className={styles.dimsField} aria-describedby="receive-dims-hint">
          <legend className={styles.dimsLegend}>{t('manage:receive.dimensions')}</legend>
          <div className={styles.threeCols}>
            {SIDES.map((side) => (
              <TextField
                key={side}
                label={t(`manage:receive.${side}`)}
                value={dims[side]}
                onChange={(e) => setDims((d) => ({ ...d, [side]: e.target.value }))}
                inputMode="decimal"
                autoComplete="off"
                data-testid={`receive-${side}`}
              />
            ))}
          </div>
          <span id="receive-dims-hint" className={errors.dimensions ? styles.errorText : styles.muted}>
            {errors.dimensions ?? t('manage:receive.dimensions_hint')}
          </span>
        </fieldset>
        <div className={styles.photoPick}>
          <label className={styles.photoButton}>
            <PhotoIcon size={20} />
            <span>{files.length ? t('manage:receive.photos_chosen', { count: files.length }) : t('manage:receive.photos')}</span>
            <input
              ref={fileInput}
              type="file"
              accept={PHOTO_ACCEPT}
              capture="environment"
              multiple
              onChange={(e) => onFiles(e.target.files)}
              data-testid="receive-photos"
            />
          </label>
          {errors.photos && <span className={styles.errorText}>{errors.photos}</span>}
        </div>
        {problem && <Alert kind="error">{problem}</Alert>}
        <Button type="submit" block loading={receiving.isLoading || uploading.isLoading} data-testid="receive-submit">
          {t('manage:receive.submit')}
        </Button>
      </form>

      <section className={styles.panel} aria-live="polite">
        <h2 className={styles.panelTitle}>{t('manage:receive.recent')}</h2>
        {done.length === 0 ? (
          <p className={styles.muted}>{t('manage:receive.none_yet')}</p>
        ) : (
          <ol className={styles.plainList} data-testid="receive-results">
            {done.map((r, i) => (
              <li key={r.parcel.id} className={styles.resultItem}>
                <Alert kind={r.matched_by === 'unclaimed' ? 'info' : r.matched_by === 'disputed' ? 'error' : 'success'}>
                  {r.message}
                  {r.warning ? ` ${r.warning}` : ''}
                </Alert>
                <ParcelSummary parcel={r.parcel} />
                {/* The label of the parcel just received; older ones are reprinted from the parcel view. */}
                {i === 0 && <LabelPanel parcel={r.parcel} />}
                {/* The contents the customer declared, checked and corrected while the parcel is in hand. */}
                {i === 0 && <ParcelDeclaration parcelId={r.parcel.id} />}
              </li>
            ))}
          </ol>
        )}
      </section>
      <CameraScanner
        open={camera}
        onClose={() => setCamera(false)}
        onDetect={(value) => {
          setCamera(false);
          setCode(value);
          weightInput.current?.focus();
        }}
      />
    </div>
  );
}

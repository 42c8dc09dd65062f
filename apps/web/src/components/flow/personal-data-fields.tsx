import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@portal/contract';
import { translateFieldMessage } from '../../lib/api/errors';
import { todayIso } from '../../lib/forms/dates';
import { BranchSelect } from '../branch-select';
import { SegmentedField, TextField } from '../ui/field';
import { flowStyles as styles } from './flow-card';

export type PersonalField = 'first_name' | 'last_name' | 'branch_id' | 'gender' | 'date_of_birth';
type Gender = (typeof GENDERS)[number];

interface PersonalDataFieldsProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  branchHint?: string;
}

/**
 * Name, branch, gender and date of birth: the same fields in the register form and on
 * /profile/account, for any form whose values include them.
 */
export function PersonalDataFields<T extends FieldValues & Record<PersonalField, unknown>, TOut = T>({
  control,
  register,
  errors,
  branchHint,
}: PersonalDataFieldsProps<T, TOut>) {
  const { t } = useTranslation();
  const path = (name: PersonalField) => name as Path<T>;
  const err = (name: PersonalField) => {
    const message = errors[name]?.message;
    return translateFieldMessage(typeof message === 'string' ? message : undefined, t);
  };
  return (
    <>
      <div className={styles.row}>
        <TextField
          label={t('auth:fields.first_name')}
          autoComplete="given-name"
          error={err('first_name')}
          {...register(path('first_name'))}
        />
        <TextField
          label={t('auth:fields.last_name')}
          autoComplete="family-name"
          error={err('last_name')}
          {...register(path('last_name'))}
        />
      </div>
      <Controller
        control={control}
        name={path('branch_id')}
        render={({ field, fieldState }) => (
          <BranchSelect
            label={t('auth:fields.branch')}
            hint={branchHint}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={translateFieldMessage(fieldState.error?.message, t)}
          />
        )}
      />
      <div className={styles.row}>
        <Controller
          control={control}
          name={path('gender')}
          render={({ field, fieldState }) => (
            <SegmentedField
              label={t('auth:fields.gender')}
              name={field.name}
              value={field.value as Gender | undefined}
              onChange={field.onChange}
              options={GENDERS.map((g) => ({ value: g, label: t(`auth:gender.${g}`) }))}
              error={translateFieldMessage(fieldState.error?.message, t)}
            />
          )}
        />
        <TextField
          label={t('auth:fields.date_of_birth')}
          type="date"
          min="1900-01-01"
          max={todayIso()}
          autoComplete="bday"
          error={err('date_of_birth')}
          {...register(path('date_of_birth'))}
        />
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/field';
import { BranchSelect } from './branch-options';

export interface PlaceValue {
  kind: 'china_warehouse' | 'branch';
  branchId: string;
}

/** A staff member's place: the China warehouse or one branch. */
export function PlaceFields({ value, onChange, idPrefix }: { value: PlaceValue; onChange: (v: PlaceValue) => void; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        id={`${idPrefix}-place`}
        label={t('admin:users.place')}
        value={value.kind}
        onChange={(e) => onChange({ ...value, kind: e.target.value as PlaceValue['kind'] })}
        data-testid={`${idPrefix}-place`}
      >
        <option value="china_warehouse">{t('admin:users.place_china')}</option>
        <option value="branch">{t('admin:users.place_branch')}</option>
      </SelectField>
      {value.kind === 'branch' && (
        <BranchSelect
          id={`${idPrefix}-branch`}
          label={t('admin:users.branch')}
          value={value.branchId}
          onChange={(e) => onChange({ ...value, branchId: e.target.value })}
          data-testid={`${idPrefix}-branch`}
        >
          <option value="">{t('admin:users.choose_branch')}</option>
        </BranchSelect>
      )}
    </>
  );
}

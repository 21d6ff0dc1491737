import { type Holder, type HolderRequirementKey, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { Col, Form, type FormInstance, type FormItemProps, Input, InputNumber, Row, Select } from 'antd';
import { type ReactNode, useRef } from 'react';
import { CountrySelect } from '../../country-select';
import { holderAddressShown, holderRules, required } from './holder-requirements';

const DOCUMENT_TYPES = [
  { value: 'CC', label: 'Cédula de ciudadanía' },
  { value: 'CE', label: 'Cédula de extranjería' },
  { value: 'PA', label: 'Pasaporte' },
  { value: 'TI', label: 'Tarjeta de identidad' },
  { value: 'NIT', label: 'NIT' },
];

/** The holder (spec §3) as the reserve form holds it, under `client`. */
export interface HolderValues {
  name?: string;
  surname?: string;
  email?: string;
  address?: string;
  document?: string;
  documentType?: string;
  age?: number | null;
  country?: string;
  city?: string;
  postalCode?: string;
  nationality?: string;
  phone?: string;
}

export const trimmed = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The reserve body's `client` from the form's holder; `countryName` names an ISO country code. */
export function holderBody(c: HolderValues, countryName: (code?: string) => string | undefined): Holder {
  return {
    name: c.name?.trim() ?? '',
    surname: trimmed(c.surname),
    email: trimmed(c.email),
    address: trimmed(c.address),
    document: trimmed(c.document),
    documentType: c.documentType,
    age: c.age ?? undefined,
    country: countryName(c.country),
    countryCode: c.country,
    city: trimmed(c.city),
    postalCode: trimmed(c.postalCode),
    nationality: countryName(c.nationality),
    nationalityCode: c.nationality,
    phones: trimmed(c.phone) ? [c.phone?.trim() as string] : undefined,
  };
}

/**
 * The holder's fields, inside the reserve form (names `client.<field>`): name, surname, email, phone,
 * document, age, nationality, and the address block only when the quoted option requires part of it.
 * `requiredFields` is the quote's `requiredHolderFields`.
 */
export function HolderFields({ requiredFields }: { requiredFields: readonly HolderRequirementKey[] }) {
  const needs = requiredFields;
  return (
    <Row gutter={12}>
      <HolderField name="name" label="Nombre" md={12} rules={required(M.holderRequired)} />
      <HolderField name="surname" label="Apellido" md={12} rules={required('Apellido es obligatorio')} />
      <HolderField
        name="email"
        label="Email"
        md={12}
        rules={[...required('Email es obligatorio'), { type: 'email', message: 'Email no válido' }]}
      />
      <HolderField name="phone" label="Teléfono" md={12} rules={holderRules(needs, 'phone')} />
      <HolderField name="documentType" label="Tipo de documento" md={8}>
        <Select options={DOCUMENT_TYPES} allowClear aria-label="Tipo de documento" />
      </HolderField>
      <HolderField name="document" label="Documento" md={8} />
      <HolderField name="age" label="Edad" md={8}>
        <InputNumber min={18} max={120} precision={0} style={{ width: '100%' }} />
      </HolderField>
      <HolderField name="nationality" label="Nacionalidad" md={12}>
        <CountrySelect allowClear aria-label="Nacionalidad del titular" />
      </HolderField>
      {holderAddressShown(needs) && (
        <>
          <HolderField name="country" label="País" md={12} rules={holderRules(needs, 'country')}>
            <CountrySelect allowClear aria-label="País del titular" />
          </HolderField>
          <HolderField name="city" label="Ciudad" md={8} rules={holderRules(needs, 'city')} />
          <HolderField name="address" label="Dirección" md={8} rules={holderRules(needs, 'address')} />
          <HolderField name="postalCode" label="Código postal" md={8} rules={holderRules(needs, 'postalCode')} />
        </>
      )}
    </Row>
  );
}

/** One field of the holder's card: a column holding the form item for `client.<name>`, a text input unless given. */
function HolderField({
  name,
  label,
  md,
  rules,
  children = <Input autoComplete="off" />,
}: {
  name: keyof HolderValues;
  label: string;
  md: number;
  rules?: FormItemProps['rules'];
  children?: ReactNode;
}) {
  return (
    <Col xs={24} md={md}>
      <Form.Item name={['client', name]} label={label} rules={rules}>
        {children}
      </Form.Item>
    </Col>
  );
}

/**
 * The holder usually travels: a form `onValuesChange` that mirrors the holder's name and surname into
 * the first traveller (at `firstTraveller`, e.g. ['companions', 0, 0]) while that one still matches.
 */
export function useHolderMirror(form: FormInstance, firstTraveller: (string | number)[]) {
  const lastHolder = useRef<{ name?: string; surname?: string }>({});
  return (changed: { client?: HolderValues }) => {
    const holder = changed.client;
    if (!holder || (holder.name === undefined && holder.surname === undefined)) return;
    const first = (form.getFieldValue(firstTraveller) ?? {}) as { name?: string; surname?: string };
    for (const key of ['name', 'surname'] as const) {
      if (holder[key] === undefined) continue;
      const previous = lastHolder.current[key] ?? '';
      if (!first[key] || first[key] === previous) form.setFieldValue([...firstTraveller, key], holder[key]);
      lastHolder.current[key] = holder[key];
    }
  };
}

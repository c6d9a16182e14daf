// The console's brand-template form: the template → the form → the whole PUT body, and the checks a Save runs.
import { describe, expect, it } from 'vitest';
import { ZCorporateTemplateInput, type TCorporateTemplate } from '@vbc/shared/team-template';
import { fieldErrors } from '../../components/field-errors.ts';
import { emptyLinkRow, emptySocialRow } from '../../components/editor/list-rows.ts';
import { templateFormToInput, templateToForm, withLock, ZTemplateForm } from './template-form.ts';

const LOGO = '0b9c3f4e-8d2a-4c1e-9f3b-2a7d6e5c4b3a';
const template: TCorporateTemplate = {
  corporateAccountId: 'c1',
  business: 'Harbor Studio',
  designSpecification: {
    design: { designation: 'facebook' },
    theme: { designation: 'ocean' },
    accentColor1: '#0f6cbd',
    accentColor2: null,
    accentColor3: null,
  },
  organization: 'Harbor Studio Ltd.',
  about: null,
  links: [
    { linkUrl: 'https://harbor.test', linkName: 'Site' },
    { linkUrl: 'https://harbor.test/jobs', linkName: null },
  ],
  locations: [{ title: 'HQ', address: '1 Quay', city: 'Porto', country: null, googlePlaceId: null, latitude: 41.1, longitude: -8.6 }],
  socialMedias: [
    {
      socialMediaType: 'LinkedIn',
      referenceType: 'ByAccountId',
      accountId: 'company/harbor',
      urlOverride: null,
      useUrlOverride: false,
      qrCode: null,
    },
    {
      socialMediaType: 'Instagram',
      referenceType: 'ByUrl',
      accountId: null,
      urlOverride: 'https://ig.test/h',
      useUrlOverride: true,
      qrCode: null,
    },
  ],
  logoDisplayItemId: LOGO,
  heroImageDisplayItemId: null,
  locked: ['links', 'organization'],
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('template form', () => {
  it('gives back the template it was read from as the PUT body, every list in order and the locks in field order', () => {
    const form = templateToForm(template);
    expect(form.links.map((l) => l.linkUrl)).toEqual(['https://harbor.test', 'https://harbor.test/jobs']);
    expect(form.logo).toEqual({ ref: LOGO, obsecuredId: LOGO });
    const { corporateAccountId: _id, business: _business, updatedAt: _at, ...values } = template;
    expect(templateFormToInput(form)).toEqual({ ...values, locked: ['organization', 'links'] });
    expect(ZCorporateTemplateInput.safeParse(templateFormToInput(form)).success).toBe(true);
  });

  it('sends empty texts as null, "Members choose" as no design, a removed picture as null, and only the way chosen to reach a network', () => {
    const form = templateToForm(template);
    const social = { ...form.socialMedias[0]!, referenceType: 'ByUrl' as const, urlOverride: ' https://linkedin.test/h ' };
    const input = templateFormToInput({
      ...form,
      design: '',
      organization: '  ',
      about: ' We build **harbours**. ',
      logo: null,
      hero: { ref: 'hero-hi', obsecuredId: 'hero-hi-o' },
      socialMedias: [social],
      links: [form.links[1]!, form.links[0]!],
    });
    expect(input).toMatchObject({
      designSpecification: null,
      organization: null,
      about: 'We build **harbours**.',
      logoDisplayItemId: null,
      heroImageDisplayItemId: 'hero-hi',
      links: [{ linkUrl: 'https://harbor.test/jobs' }, { linkUrl: 'https://harbor.test' }],
      socialMedias: [{ referenceType: 'ByUrl', urlOverride: 'https://linkedin.test/h', useUrlOverride: true, accountId: null }],
    });
  });

  it('locks and unlocks one field, keeping the others', () => {
    expect(withLock(['links', 'organization'], 'about', true)).toEqual(['organization', 'about', 'links']);
    expect(withLock(['links', 'organization'], 'links', false)).toEqual(['organization']);
  });

  it('names each problem by the request path the server would name it by', () => {
    const form = templateToForm(template);
    expect(fieldErrors(ZTemplateForm, form)).toEqual({});
    const errors = fieldErrors(ZTemplateForm, {
      ...form,
      accentColor1: 'blue',
      links: [...form.links, emptyLinkRow()],
      socialMedias: [...form.socialMedias, emptySocialRow(), { ...emptySocialRow(), socialMediaType: 'WeChat', referenceType: 'ByQrCode' }],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'designSpecification.accentColor1',
      'links.2.linkUrl',
      'socialMedias.2.accountId',
      'socialMedias.3.qrCode',
    ]);
    expect(errors['links.2.linkUrl']).toBe('Required.');
    expect(errors['socialMedias.3.qrCode']).toBe('WeChat needs a QR image: upload one.');
  });
});

import { CODIGOS, FORMATOS } from '../codigos.js';
import { extension, perfil, SISTEMAS } from '../tipos.js';
import type { DatosPaciente, DatosPagador, DatosPersona, DatosPrestador, DatosProfesional } from './datos.js';
import { coding, codingDe, concepto, limpio, type Recurso } from './fhir.js';

const GENERO_ADMINISTRATIVO: Record<string, string> = { '01': 'male', '02': 'female', '03': 'other' };

/** `{TipoDoc}-{NumDoc}`, the id convention of the Manual (§5.3 a). */
export const idPersona = (p: DatosPersona) => `${p.tipoDocumento}-${p.numeroDocumento}`;

function identificadorNacional(p: DatosPersona) {
  return {
    id: 'NationalPersonIdentifier-0',
    use: 'official',
    type: concepto(
      coding(SISTEMAS.v2_0203, 'PN', 'Person number'),
      codingDe(CODIGOS.identificacionPersona, p.tipoDocumento),
    ),
    system: SISTEMAS.rnec,
    value: p.numeroDocumento,
  };
}

function nombreOficial(p: DatosPersona) {
  const apellidos = [p.primerApellido, p.segundoApellido].filter(Boolean) as string[];
  const ext = [{ url: extension('ExtensionFathersFamilyName'), valueString: p.primerApellido }];
  if (p.segundoApellido)
    ext.push({ url: extension('ExtensionMothersFamilyName'), valueString: p.segundoApellido });
  return {
    use: 'official',
    text: [p.primerNombre, p.segundoNombre, ...apellidos].filter(Boolean).join(' '),
    family: apellidos.join(' '),
    _family: { extension: ext },
    given: [p.primerNombre, p.segundoNombre].filter(Boolean),
  };
}

export function paciente(p: DatosPaciente): Recurso {
  const ext: Recurso[] = [
    { url: extension('ExtensionPatientNationality'), valueCoding: codingDe(CODIGOS.pais, p.nacionalidad) },
    { url: extension('ExtensionPatientEthnicity'), valueCoding: codingDe(CODIGOS.etnia, p.etnia) },
  ];
  if (p.comunidadEtnica)
    ext.push({ url: extension('ExtensionPatientEthnicCommunity'), valueString: p.comunidadEtnica });
  for (const d of p.discapacidades)
    ext.push({
      url: extension('ExtensionPatientDisability'),
      valueCoding: codingDe(CODIGOS.discapacidad, d),
    });
  if (p.identidadGenero)
    ext.push({
      url: extension('ExtensionPatientGenderIdentity'),
      valueCoding: codingDe(CODIGOS.identidadGenero, p.identidadGenero),
    });
  const r = p.residencia;
  return {
    resourceType: 'Patient',
    id: idPersona(p),
    meta: { profile: [perfil('PatientRDA')] },
    extension: ext,
    identifier: [identificadorNacional(p)],
    active: true,
    name: [nombreOficial(p)],
    gender: GENERO_ADMINISTRATIVO[p.sexoBiologico],
    // Where PatientRDA slices it (gender.extension 1..1); the extension's declared context says
    // Patient, a guide defect the official Postman body also ignores (docs/rda-documentos.md).
    _gender: {
      extension: [
        {
          url: extension('ExtensionBiologicalGender'),
          valueCoding: codingDe(CODIGOS.sexoBiologico, p.sexoBiologico),
        },
      ],
    },
    birthDate: p.fechaNacimiento,
    address: [
      limpio({
        id: 'HomeAddress-0',
        extension: [
          {
            url: extension('ExtensionResidenceZone'),
            valueCoding: codingDe(CODIGOS.zonaResidencia, r.zona),
          },
        ],
        use: 'home',
        type: 'physical',
        line: r.direccion ? [r.direccion] : undefined,
        city: r.municipio,
        _city: {
          extension: [
            {
              url: extension('ExtensionDivipolaMunicipality'),
              valueCoding: coding(FORMATOS.divipola.url, r.municipio),
            },
          ],
        },
        country: r.pais,
        _country: {
          extension: [
            { url: extension('ExtensionCountryCode'), valueCoding: codingDe(CODIGOS.pais, r.pais) },
          ],
        },
      }),
    ],
  };
}

export function profesional(p: DatosProfesional): Recurso {
  return {
    resourceType: 'Practitioner',
    id: idPersona(p),
    meta: { profile: [perfil('PractitionerRDA')] },
    identifier: [identificadorNacional(p)],
    active: true,
    name: [nombreOficial(p)],
    qualification: [
      {
        id: 'Rethus',
        identifier: [
          {
            use: 'official',
            type: concepto(coding(SISTEMAS.v2_0203, 'LN', 'License number')),
            system: SISTEMAS.rethus,
            value: p.numeroDocumento,
          },
        ],
        code: {
          coding: [coding(FORMATOS.rethus.url, p.codigoRethus, p.nombreTitulo)],
          text: p.nombreTitulo,
        },
      },
    ],
  };
}

const ORGANIZACION = (codigo: string) => codingDe(CODIGOS.identificadorOrganizacion, codigo);

/** DIVIPOLA coding of an address part (municipality in city, department in state). */
const divipola = (nombre: string, codigo: string) => ({
  extension: [{ url: extension(nombre), valueCoding: coding(FORMATOS.divipola.url, codigo) }],
});

export function prestador(p: DatosPrestador): Recurso {
  const departamento = p.municipio.slice(0, 2);
  return {
    resourceType: 'Organization',
    id: p.codigoHabilitacion,
    meta: { profile: [perfil('CareDeliveryOrganizationRDA')] },
    identifier: [
      {
        id: 'TaxIdentifier-0',
        use: 'official',
        type: concepto(coding(SISTEMAS.v2_0203, 'TAX', 'Tax ID number'), ORGANIZACION('NIT')),
        system: SISTEMAS.dian,
        value: p.nit,
      },
      {
        id: 'HealthcareProviderIdentifier-0',
        use: 'official',
        type: concepto(coding(SISTEMAS.v2_0203, 'PRN', 'Provider number'), ORGANIZACION('CodigoPrestador')),
        system: SISTEMAS.reps,
        value: p.codigoHabilitacion,
      },
    ],
    active: true,
    type: [concepto(codingDe(CODIGOS.clasePrestador, p.clase))],
    name: p.nombre,
    address: [
      {
        use: 'work',
        type: 'physical',
        text: p.direccion,
        city: p.municipio,
        _city: divipola('ExtensionDivipolaMunicipality', p.municipio),
        state: departamento,
        _state: divipola('ExtensionDivipolaDepartment', departamento),
        country: 'CO',
      },
    ],
  };
}

/** A payer of the episode: HealthBenefitPlanAdminOrganizationRDA, identified by its EAPB code. */
export function pagador(p: DatosPagador, i: number): Recurso {
  return {
    resourceType: 'Organization',
    id: `EAPB-${i}`,
    meta: { profile: [perfil('HealthBenefitPlanAdminOrganizationRDA')] },
    identifier: [
      {
        use: 'official',
        type: concepto(
          coding(SISTEMAS.v2_0203, 'NIIP', 'National Insurance Payor Identifier'),
          ORGANIZACION('EAPB'),
        ),
        system: SISTEMAS.eapb,
        value: p.codigo,
      },
    ],
    active: true,
    name: p.nombre,
  };
}

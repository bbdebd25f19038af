/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Período de una serie: día, semana ISO (desde el lunes) o mes, en el calendario de Colombia. En REST se escriben `dia`, `semana`, `mes`. */
export type AgrupacionResumen =
  /** En REST: `dia` */
  | 'dia'
  /** En REST: `mes` */
  | 'mes'
  /** En REST: `semana` */
  | 'semana';

/** paciente: RDA de paciente; encuentros: RDA de consulta, urgencias y hospitalización. En REST se escriben `paciente`, `encuentros`. */
export type AlcanceConsultaRda =
  /** En REST: `encuentros` */
  | 'encuentros'
  /** En REST: `paciente` */
  | 'paciente';

/** Quién paga una factura: nit (una organización, por su NIT), persona-natural (nunca se identifica), sin-pagador (RIPS sin factura o factura ilegible) u otros (los pagadores más allá de los 100 con más dinero en el informe, sumados). En REST se escriben `nit`, `persona-natural`, `sin-pagador`, `otros`. */
export type ClasePagador =
  /** En REST: `nit` */
  | 'nit'
  /** En REST: `otros` */
  | 'otros'
  /** En REST: `persona-natural` */
  | 'persona-natural'
  /** En REST: `sin-pagador` */
  | 'sin-pagador';

/** Alergia. */
export type DatosRdaComunAlergias = {
  /** Descripción de la alergia. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Tipo de alergia. TipoAlergia: 01 Medicamento · 02 Alimento · 03 Sustancia del ambiente · 04 Sustancia que entran en contacto con la piel · 05 Picadura de insectos · 06 Otra. */
  tipo: string;
};

/** Diagnóstico. */
export type DatosRdaComunDiagnosticos = {
  /** Código CIE-10 del diagnóstico. Código CIE-10 sin punto (J450). Restricciones: patrón ^[A-Z][0-9]{2}[0-9A-Z]?$. */
  codigo: string;
  /** Descripción del diagnóstico. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Rol del diagnóstico. principal (de ingreso en urgencias y hospitalización) · relacionado (hasta 3) · egreso · complicacion · muerte. */
  rol: string;
  /** Tipo de diagnóstico. RIPSTipoDiagnosticoPrincipalVersion2: 01 Impresión Diagnóstica · 02 Confirmado Nuevo · 03 Confirmado Repetido. */
  tipo?: string | null | undefined;
};

/** Epicrisis. */
export type DatosRdaComunEpicrisis = {
  /** PDF de la epicrisis. El PDF completo en base64 (empieza por JVBER). Restricciones: patrón ^[A-Za-z0-9+/]+={0,2}$; al menos 8 caracteres. */
  pdfBase64: string;
  /** Título de la epicrisis. Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  titulo?: string | null | undefined;
};

/** Medicamento. */
export type DatosRdaComunMedicamentos = {
  /** Categoría del medicamento. ColombianHealthTechnologyCategory: 02 Medicamento con registro sanitario · 03 Medicamento vital no disponible · 04 Preparación magistral · 05 Medicamento UNIRS. */
  categoria: string;
  /** Código DCI del medicamento. Código de la denominación común internacional en MIPRES (MipresINN: 626 paracetamol…); el CUM no va aquí. Restricciones: patrón ^[0-9]{1,10}$. */
  codigo?: string | null | undefined;
  /** Código IUM de primer nivel del medicamento. Identificador único de medicamento de primer nivel, 8 caracteres (1M100215…). Restricciones: patrón ^[0-9A-Z]{8}$. */
  codigoIum?: string | null | undefined;
  /** Nombre del medicamento. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Dosis. */
  dosis: DatosRdaComunMedicamentosDosis;
  /** Duración del tratamiento. */
  duracion: DatosRdaComunMedicamentosDuracion;
  /** Finalidad de la formulación. RIPSFinalidadConsultaVersion2: 11 VALORACION INTEGRAL PARA LA PROMOCION Y MANTENIMIENTO · 12 DETECCION TEMPRANA DE ENFERMEDAD GENERAL · 13 DETECCION TEMPRANA DE ENFERMEDAD LABORAL · 14 PROTECCION ESPECIFICA · 15 DIAGNOSTICO · 16 TRATAMIENTO · 17 REHABILITACION · 18 PALIACION · 19 PLANIFICACION FAMILIAR Y ANTICONCEPCION · 20 PROMOCION Y APOYO A LA LACTANCIA MATERNA · 21 ATENCION BASICA DE ORIENTACION FAMILIAR · 22 ATENCION PARA EL CUIDADO PRECONCEPCIONAL · 23 ATENCION PARA EL CUIDADO PRENATAL · 24 INTERRUPCION VOLUNTARIA DEL EMBARAZO · 25 ATENCION DEL PARTO Y PUERPERIO · 26 ATENCION PARA EL CUIDADO DEL RECIEN NACIDO · 27 ATENCION PARA EL SEGUIMIENTO DEL RECIEN NACIDO · 28 PREPARACION PARA LA MATERNIDAD Y LA PATERNIDAD · 29 PROMOCION DE ACTIVIDAD FISICA · 30 PROMOCION DE LA CESACION DEL TABAQUISMO · 31 PREVENCION DEL CONSUMO DE SUSTANCIAS PSICOACTIVAS · 32 PROMOCION DE LA ALIMENTACION SALUDABLE · 33 PROMOCION PARA EL EJERCICIO DE LOS DERECHOS SEXUALES Y DERECHOS REPRODUCTIVOS · 34 PROMOCION PARA EL DESARROLLO DE HABILIDADES PARA LA VIDA · 35 PROMOCION PARA LA CONSTRUCCION DE ESTRATEGIAS DE AFRONTAMIENTO FRENTE A SUCESOS VITALES · 36 PROMOCION DE LA SANA CONVIVENCIA Y EL TEJIDO SOCIAL · 37 PROMOCION DE UN AMBIENTE SEGURO Y DE CUIDADO Y PROTECCION DEL AMBIENTE · 38 PROMOCION DEL EMPODERAMIENTO PARA EL EJERCICIO DEL DERECHO A LA SALUD · 39 PROMOCION PARA LA ADOPCION DE PRACTICAS DE CRIANZA Y CUIDADO PARA LA SALUD · 40 PROMOCION DE LA CAPACIDAD DE LA AGENCIA Y CUIDADO DE LA SALUD · 41 DESARROLLO DE HABILIDADES COGNITIVAS · 42 INTERVENCION COLECTIVA · 43 MODIFICACION DE LA ESTETICA CORPORAL FINES ESTETICOS · 44 OTRA. */
  finalidad: string;
  /** Frecuencia. */
  frecuencia: DatosRdaComunMedicamentosFrecuencia;
  /** Indicaciones del medicamento. Restricciones: no puede estar en blanco; de 1 a 500 caracteres. */
  indicaciones?: string | null | undefined;
  /** Vía de administración. VAD: 001 AURICULAR (OTICA) · 002 BUCAL · 003 CUTANEA · 004 DENTAL · 005 ENDOCERVICAL · 006 ENDOSINUSIAL · 007 ENDOTRAQUEAL · 008 EPIDURAL · 009 EXTRA-AMNIOTICO · 010 VIA A TRAVES DE HEMODIALISIS · 011 INTRA CORPUS CAVERNOSO · 012 INTRAAMNIOTICA · 013 INTRAARTERIAL · 014 INTRAARTICULAR · 015 INTRAUTERINA · 016 INTRACARDIACA · 017 INTRACAVERNOSA · 018 INTRACEREBRAL · 019 INTRACERVICAL · 020 INTRACISTERNAL (CEREBELOMEDULAR) · 021 INTRACORNEAL · 022 INTRACORONARIA · 023 INTRADERMICA · 024 INTRADISCAL · 025 INTRAHEPATICA · 026 USO INTRALESIONAL · 027 USO INTRALINFATICO · 028 INTRAMEDULAR · 029 INTRAMENINGEA · 030 INTRAMUSCULAR · 031 INTRAOCULAR · 032 INTRAPERICARDIAL · 033 INTRAPERITONEAL · 034 INTRAPLEURAL · 035 INTRASINOVIAL · 036 INTRATECAL · 037 INTRATORAXICA · 038 INTRATRAQUEAL · 039 INTRATUMORAL · 040 BOLO INTRAVENOSO · 041 GOTEO INTRAVENOSO · 042 INTRAVENOSA · 043 INTRAVESICAL · 044 IONTOFORESIS · 045 NASAL · 046 TECNICA DE VENDAJE OCLUSIVO · 047 OFTALMICA · 048 ORAL · 049 OROFARINGEA · 050 OTRA · 051 PARENTERAL* · 052 PERIARTICULAR · 053 PERINEURAL · 054 RECTAL · 055 INHALATORIA · 056 RETROBULBAL · 057 SUBCONJUNTIVAL · 058 SUBCUTANEA · 060 SUBLINGUAL · 061 TOPICA · 062 TRANSDERMICA · 063 TRANSMAMARIA · 064 TRANSPLACENTARIA · 066 URETRAL · 067 VAGINAL · 068 CONJUNTIVAL · 069 ELECTRO-OSMOSIS · 070 ENTERAL · 071 GASTROENTERAL · 072 INTRAGINGIVAL · 075 IN VITRO · 076 INFILTRACION · 077 INTERSTICIAL · 078 INTRABDOMINAL · 079 INTRABILIAR · 080 INTRABRONQUIAL · 081 INTRABURSAL · 082 INTRACARTILAGINOSO · 083 INTRACAUDAL · 084 INTRACAVITARIA · 085 INTRACORONARIO, DENTAL · 086 INTRADUCTAL · 087 INTRADUODENAL · 088 INTRADURAL · 089 INTRAEPIDERMAL · 090 INTRAESOFAGICA · 091 INTRAGASTRICA · 092 INTRAILEAL · 093 INTRAOVARICA · 094 INTRAPROSTATICA · 095 INTRAPULMONAR · 096 INTRASINUSAL (SENOSPARANASALES) · 097 INTRAESTERNAL · 098 INTRATENDINOSA · 099 INTRATESTICULAR · 100 INTRATUBULAR · 101 INTRATIMPANICA · 102 INTRAVASCULAR · 103 INTRAVENTRICULAR · 104 INTRAVITREA · 105 IRRIGACION · 106 LARINGEO · 107 LARINGOFARINGEAL · 108 SONDA NASOGASTRICA · 110 USO OROMUCOSA · 111 PERCUTANEA · 112 PERIDURAL · 113 PERIODONTAL · 114 TEJIDO BLANDO · 115 SUBARACNOIDEA · 116 SUBMUCOSA · 117 TRANSMUCOSA · 118 TRANSTRAQUEAL · 119 TRANSTIMPANICA · 120 URETERAL · 500 INTRADETRUSOR · 501 USO EPILESIONAL · 502 INHALATORIA NASAL · 503 INHALATORIA BUCAL. */
  via: string;
};

/** Dosis. */
export type DatosRdaComunMedicamentosDosis = {
  /** Cantidad de la dosis. Número mayor que 0. Restricciones: mayor que 0; hasta 100000. */
  cantidad: number;
  /** Unidad de la dosis. UMM: 1 EID50 · 10 Bq · 100 l · 101 log10 EID50 · 102 log10 EID51/dosis · 103 log10 CCID50 · 104 log10 CCID50/dosis · 105 log10 unidades ELISA · 106 log10 unidades ELISA/dosis · 107 log10 FAI50 · 108 log10 FAI50/dosis · 109 log10 PFU · 11 Bq/g · 110 log10 PFU/dosis · 111 log10 TCID50 · 112 log10 TCID50/dosis · 113 log10/ml · 114 LU · 115 LU/g · 116 LU/ml · 117 lm · 118 lx · 119 unidades MUSP · 12 Bq/kg · 120 MBq · 121 MBq/g · 122 MBq/kg · 123 MBq/l · 124 MBq/µg · 125 MBq/µl · 126 MBq/mg · 127 MBq/ml · 128 m · 129 µCi · 13 Bq/l · 130 µCi/g · 131 µCi/kg · 132 µCi/l · 133 µCi/µg · 134 µCi/µl · 135 µCi/mg · 136 µCi/ml · 137 µg · 138 µg/m3 · 139 µg/kg · 14 Bq/µg · 140 µg/l · 141 µg/µl · 142 µg/ml · 143 µg/m2 · 144 µkat · 145 µkat · 146 µl · 147 µl/ml · 148 µmol · 149 µmol/l · 15 Bq/µl · 150 µmol/ml · 151 mCi · 152 mCi/g · 153 mCi/kg · 154 mCi/l · 155 mCi/µg · 156 mCi/µl · 157 mCi/mg · 158 mCi/ml · 159 mEq · 16 Bq/mg · 160 mEq/g · 161 mEq/kg · 162 mEq/l · 163 mEq/µg · 164 mEq/µl · 165 mEq/mg · 166 mEq/ml · 167 mg (titer) · 168 mg · 169 mg/m3 · 17 Bq/ml · 170 mg/g · 171 mg/kg · 172 mg/l · 173 mg/ml · 174 mg/m2 · 175 mkatal · 176 ml · 177 ml/cm2 · 178 mm · 179 mmol · 18 billon CFU · 180 mmol/g · 181 mmol/kg · 182 mmol/l · 183 mmol/ml · 184 millon UFC · 185 millon UFC/g · 186 millon UFC/ml · 187 millon UI · 188 millon de organismos · 189 millon de organismos/g · 19 billon CFU/g · 190 millon de organismos/mg · 191 millon de organismos/ml · 192 millon de unidades USP · 193 millon de unidades · 194 mOsm/kg · 195 min · 196 mol · 197 mol/g · 198 mol/kg · 199 mol/l · 2 EID50/dosis · 20 billon CFU/ml · 200 mol/mg · 201 mol/ml · 202 nCi · 203 ng · 204 nkat · 205 nl · 206 nmol · 207 nmol/ml · 208 N · 209 unidades NIH/cm2 · 21 billon de organismos · 210 ? · 211 OZ · 212 PPM · 213 PPM · 214 % · 215 % (v/v) · 216 % (p/v) · 217 % (p/p) · 218 pg · 219 pkat · 22 billon de organismos/g · 220 PFU · 221 PFU e. 1000 LD50 en ratón · 222 PFU/dosis · 223 PFU/ml · 224 unidad formadora de viruela · 225 LB · 226 unidades de presión/ml · 227 PNU/ml · 228 QS · 229 r/min · 23 billon de organismos/mg · 230 s · 231 S · 232 Sv · 233 cm2 · 234 m2 · 235 T · 236 miles CFU · 237 miles CFU/g · 238 miles CFU/ml · 239 miles de organismos · 24 billon de organismos/ml · 240 miles de organismos/g · 241 miles de organismos/ml · 242 TCID50/dosis · 243 titre · 244 t · 245 unidad de tuberculina · 246 unidad de tuberculina/ml · 247 U · 248 U/g · 249 U/ml · 25 cd · 250 unidades USP · 251 V · 252 W · 253 Wb · 254 vp · 255 DLmin · 256 DMN · 257 vg · 26 CCID50 · 27 CCID50/dosis · 28 °C · 29 CFU/g · 3 AU/ml · 30 CFU/ml · 31 Co · 32 m3 · 33 Ci · 34 Ci/g · 35 Ci/kg · 36 Ci/litro · 37 Ci/µg · 38 Ci/µl · 39 Ci/mg · 4 A · 40 Ci/ml · 41 DAgU · 42 DAgU/ml · 43 d · 44 ° · 45 DF · 46 Gtt · 47 unidades ELISA · 48 unidades ELISA/dosis · 49 unidades ELISA/ml · 5 AgU · 50 F · 51 FAI50 · 52 FAI50/dosis · 53 GBq · 54 GBq/g · 55 GBq/kg · 56 GBq/l · 57 GBq/µg · 58 GBq/µl · 59 GBq/mg · 6 AgU/ml · 60 GBq/ml · 61 g (titre) · 62 g · 63 g/m3 · 64 g/l · 65 g/ml · 66 g/m2 · 67 Gy · 68 H · 69 Hz · 7 ATU · 70 h · 71 IOU · 72 UI · 73 UI/g · 74 UI/kg · 75 UI/l · 76 UI/mg · 77 UI/ml · 78 J · 79 KIU/ml · 8 anti-Xa IU · 80 kat · 81 K · 82 kUI · 83 unidades Kusp · 84 unidades k · 85 kBq · 86 kBq/g · 87 kBq/kg · 88 kBq/l · 89 kBq/µg · 9 anti-Xa IU/ml · 90 kBq/µl · 9000 Dosis · 9001 TPU · 9002 TSU · 9003 DBU · 9004 SU · 9005 IR · 9006 DPP · 9007 HEP · 9008 UT · 9009 SQ · 9010 UB · 9011 DL50 · 9012 AU · 9013 BAU · 9014 PNU · 9015 DPU · 91 kBq/mg · 92 kBq/ml · 93 kg · 94 kg/m3 · 95 kg/l · 96 kg/m2 · 97 LacU · 98 LfU · 99 LfU/ml. */
  unidad: string;
};

/** Duración del tratamiento. */
export type DatosRdaComunMedicamentosDuracion = {
  /** Duración del tratamiento. Número mayor que 0. Restricciones: mayor que 0; hasta 100000. */
  cantidad: number;
  /** Unidad de la duración. h horas · d días · wk semanas · mo meses · a años. */
  unidad: string;
};

/** Frecuencia. */
export type DatosRdaComunMedicamentosFrecuencia = {
  /** Frecuencia: cada cuánto. Número mayor que 0 (8 = cada 8 horas). Restricciones: mayor que 0; hasta 100000. */
  cada: number;
  /** Unidad de la frecuencia. MedicationTime: 1 Minutos · 2 Horas · 3 Día · 4 Semanas · 5 Mes · 6 Año · 7 Según respuesta al tratamiento. */
  unidad: string;
};

/** Paciente. */
export type DatosRdaComunPaciente = {
  /** Comunidad étnica del paciente. Restricciones: no puede estar en blanco; de 1 a 100 caracteres. */
  comunidadEtnica?: string | null | undefined;
  /** Discapacidades del paciente. Restricciones: de 1 a 8 elementos. */
  discapacidades: Array<string>;
  /** Pertenencia étnica del paciente. ColombianEthnicGroup: 1 Indigena · 2 ROM (Gitano) · 3 Raizal (Archipielago San Andrés y Providencia) · 4 Palenquero de San Basilio · 5 Negro(a) o mulato(a) o afrocolombiano(a) o afrodescendiente · 6 Otras etnias · 99 Ninguna de las anteriores. */
  etnia: string;
  /** Fecha de nacimiento del paciente. AAAA-MM-DD. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}$. */
  fechaNacimiento: string;
  /** Identidad de género del paciente. ColombianGenderIdentity: 01 Masculino · 02 Femenino · 03 Transgénero · 04 Neutro · 05 No lo declara. */
  identidadGenero?: string | null | undefined;
  /** Nacionalidad del paciente. Código ISO 3166-1 numérico de 3 dígitos (Colombia = 170). Restricciones: patrón ^[0-9]{3}$. */
  nacionalidad: string;
  /** Número de documento del paciente. Entre 3 y 20 letras, dígitos o guiones, sin espacios ni puntos. Restricciones: patrón ^[0-9A-Za-z-]{3,20}$. */
  numeroDocumento: string;
  /** Primer apellido del paciente. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  primerApellido: string;
  /** Primer nombre del paciente. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  primerNombre: string;
  /** Residencia del paciente. */
  residencia: DatosRdaComunPacienteResidencia;
  /** Segundo apellido del paciente. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  segundoApellido?: string | null | undefined;
  /** Segundo nombre del paciente. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  segundoNombre?: string | null | undefined;
  /** Sexo biológico del paciente. ColombianGenderGroup: 01 Hombre · 02 Mujer · 03 Indeterminado o Intersexual. */
  sexoBiologico: string;
  /** Tipo de documento del paciente. ColombianPersonIdentifier: CN Certificado de nacido vivo · RC Registro civil · TI Tarjeta de Identidad · CC Cédula ciudadanía · PA Pasaporte · CD Carné diplomático · CE Cédula de extranjería · DE Documento Extranjero · SC Salvoconducto de permanencia · PE Permiso Especial de Permanencia · PT Permiso Temporal de Permanencia · PPT Permiso por protección temporal · PC PEP-TUTOR · RUT Registro Único Tributario · AS Adulto sin identificar · MS Menor sin identificar · SI Sin identificación. */
  tipoDocumento: string;
};

/** Residencia del paciente. */
export type DatosRdaComunPacienteResidencia = {
  /** Dirección de residencia del paciente. Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  direccion?: string | null | undefined;
  /** Municipio de residencia del paciente. Código DIVIPOLA de 5 dígitos (Bogotá = 11001). Restricciones: patrón ^[0-9]{5}$. */
  municipio: string;
  /** País de residencia del paciente. Código ISO 3166-1 numérico de 3 dígitos (Colombia = 170). Restricciones: patrón ^[0-9]{3}$. */
  pais: string;
  /** Zona de residencia del paciente. ColombianResidenceZone: 01 Urbana · 02 Rural. */
  zona: string;
};

/** Pagador. */
export type DatosRdaComunPagadores = {
  /** Código de la EAPB pagadora. Código de la entidad administradora de planes de beneficios (EPS037…). Restricciones: patrón ^[0-9A-Za-z-]{2,20}$. */
  codigo: string;
  /** Nombre de la EAPB pagadora. Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  nombre: string;
};

/** Prestador. */
export type DatosRdaComunPrestador = {
  /** Clase de prestador. ColombianProviderClass: IPS Institución Prestadora de Servicios de Salud · TEP Transporte Especial de Pacientes · OTHER Objeto social diferente a la prestación de servicios de salud · GFA Gestor Farmacéutico · IND Profesional Independiente. */
  clase: string;
  /** Código de habilitación REPS del prestador. Código de prestador REPS (10 dígitos) o con la sede (12 dígitos). Restricciones: patrón ^[0-9]{10,12}$. */
  codigoHabilitacion: string;
  /** Dirección del prestador. Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  direccion: string;
  /** Municipio del prestador. Código DIVIPOLA de 5 dígitos (el departamento son sus dos primeros). Restricciones: patrón ^[0-9]{5}$. */
  municipio: string;
  /** NIT del prestador. Solo dígitos, sin dígito de verificación. Restricciones: patrón ^[0-9]{5,15}$. */
  nit: string;
  /** Nombre del prestador. Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  nombre: string;
};

/** Procedimiento. */
export type DatosRdaComunProcedimientos = {
  /** Código CUPS del procedimiento. Código CUPS de 6 caracteres. Restricciones: patrón ^[0-9A-Z]{6}$. */
  codigoCups: string;
  /** Descripción del procedimiento. Nombre del código CUPS. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Diagnóstico relacionado del procedimiento. Código CIE-10 de uno de los diagnósticos relacionados; por defecto, el primero. Restricciones: patrón ^[A-Z][0-9]{2}[0-9A-Z]?$. */
  diagnosticoRelacionado?: string | null | undefined;
  /** Fecha y hora del procedimiento. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fecha: string;
  /** Finalidad del procedimiento. RIPSFinalidadConsultaVersion2: 11 VALORACION INTEGRAL PARA LA PROMOCION Y MANTENIMIENTO · 12 DETECCION TEMPRANA DE ENFERMEDAD GENERAL · 13 DETECCION TEMPRANA DE ENFERMEDAD LABORAL · 14 PROTECCION ESPECIFICA · 15 DIAGNOSTICO · 16 TRATAMIENTO · 17 REHABILITACION · 18 PALIACION · 19 PLANIFICACION FAMILIAR Y ANTICONCEPCION · 20 PROMOCION Y APOYO A LA LACTANCIA MATERNA · 21 ATENCION BASICA DE ORIENTACION FAMILIAR · 22 ATENCION PARA EL CUIDADO PRECONCEPCIONAL · 23 ATENCION PARA EL CUIDADO PRENATAL · 24 INTERRUPCION VOLUNTARIA DEL EMBARAZO · 25 ATENCION DEL PARTO Y PUERPERIO · 26 ATENCION PARA EL CUIDADO DEL RECIEN NACIDO · 27 ATENCION PARA EL SEGUIMIENTO DEL RECIEN NACIDO · 28 PREPARACION PARA LA MATERNIDAD Y LA PATERNIDAD · 29 PROMOCION DE ACTIVIDAD FISICA · 30 PROMOCION DE LA CESACION DEL TABAQUISMO · 31 PREVENCION DEL CONSUMO DE SUSTANCIAS PSICOACTIVAS · 32 PROMOCION DE LA ALIMENTACION SALUDABLE · 33 PROMOCION PARA EL EJERCICIO DE LOS DERECHOS SEXUALES Y DERECHOS REPRODUCTIVOS · 34 PROMOCION PARA EL DESARROLLO DE HABILIDADES PARA LA VIDA · 35 PROMOCION PARA LA CONSTRUCCION DE ESTRATEGIAS DE AFRONTAMIENTO FRENTE A SUCESOS VITALES · 36 PROMOCION DE LA SANA CONVIVENCIA Y EL TEJIDO SOCIAL · 37 PROMOCION DE UN AMBIENTE SEGURO Y DE CUIDADO Y PROTECCION DEL AMBIENTE · 38 PROMOCION DEL EMPODERAMIENTO PARA EL EJERCICIO DEL DERECHO A LA SALUD · 39 PROMOCION PARA LA ADOPCION DE PRACTICAS DE CRIANZA Y CUIDADO PARA LA SALUD · 40 PROMOCION DE LA CAPACIDAD DE LA AGENCIA Y CUIDADO DE LA SALUD · 41 DESARROLLO DE HABILIDADES COGNITIVAS · 42 INTERVENCION COLECTIVA · 43 MODIFICACION DE LA ESTETICA CORPORAL FINES ESTETICOS · 44 OTRA. */
  finalidad: string;
};

/** Profesional. */
export type DatosRdaComunProfesional = {
  /** Título del profesional en RETHUS. Código de la profesión u ocupación en RETHUS (RETHUSqualification). Restricciones: patrón ^[0-9A-Za-z.-]{1,20}$. */
  codigoRethus: string;
  /** Nombre del título del profesional. Nombre del título en RETHUS (Medicina, Enfermería…): la guía exige el display del código. Restricciones: no puede estar en blanco; de 1 a 150 caracteres. */
  nombreTitulo: string;
  /** Número de documento del profesional. Entre 3 y 20 letras, dígitos o guiones, sin espacios ni puntos. Restricciones: patrón ^[0-9A-Za-z-]{3,20}$. */
  numeroDocumento: string;
  /** Primer apellido del profesional. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  primerApellido: string;
  /** Primer nombre del profesional. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  primerNombre: string;
  /** Segundo apellido del profesional. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  segundoApellido?: string | null | undefined;
  /** Segundo nombre del profesional. Restricciones: no puede estar en blanco; de 1 a 60 caracteres. */
  segundoNombre?: string | null | undefined;
  /** Tipo de documento del profesional. ColombianPersonIdentifier: CN Certificado de nacido vivo · RC Registro civil · TI Tarjeta de Identidad · CC Cédula ciudadanía · PA Pasaporte · CD Carné diplomático · CE Cédula de extranjería · DE Documento Extranjero · SC Salvoconducto de permanencia · PE Permiso Especial de Permanencia · PT Permiso Temporal de Permanencia · PPT Permiso por protección temporal · PC PEP-TUTOR · RUT Registro Único Tributario · AS Adulto sin identificar · MS Menor sin identificar · SI Sin identificación. */
  tipoDocumento: string;
};

/** Datos del RDA de consulta-externa. Datos planos para construir el RDA «consulta-externa». */
export type DatosRdaConsultaExterna = {
  /** Alergias. Restricciones: hasta 50 elementos. */
  alergias?: Array<DatosRdaComunAlergias> | null | undefined;
  /** Diagnósticos. Restricciones: de 1 a 30 elementos. */
  diagnosticos: Array<DatosRdaComunDiagnosticos>;
  /** Atención. */
  encuentro: DatosRdaConsultaExternaEncuentro;
  /** Epicrisis. */
  epicrisis: DatosRdaComunEpicrisis;
  /** Fecha del documento. AAAA-MM-DDTHH:MM con zona; por defecto, el momento de construirlo. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaDocumento?: string | null | undefined;
  /** Medicamentos. Restricciones: hasta 100 elementos. */
  medicamentos?: Array<DatosRdaComunMedicamentos> | null | undefined;
  /** Paciente. */
  paciente: DatosRdaComunPaciente;
  /** Pagadores. Restricciones: hasta 10 elementos. */
  pagadores?: Array<DatosRdaComunPagadores> | null | undefined;
  /** Pago particular. true si el paciente paga la atención (además o en lugar de una EAPB). */
  pagoParticular?: boolean | null | undefined;
  /** Prestador. */
  prestador: DatosRdaComunPrestador;
  /** Procedimientos. Restricciones: hasta 100 elementos. */
  procedimientos?: Array<DatosRdaComunProcedimientos> | null | undefined;
  /** Profesional. */
  profesional: DatosRdaComunProfesional;
};

/** Atención. */
export type DatosRdaConsultaExternaEncuentro = {
  /** Causa externa de la atención. RIPSCausaExternaVersion2: 21 Accidente de trabajo · 22 Accidente en el hogar · 23 Accidente de tránsito origen común · 24 Accidente de tránsito origen laboral · 25 Accidente entorno educativo · 26 Otro tipo de accidente · 27 Evento catastrófico origen natural · 28 Lesión por agresión · 29 Lesión autoinfligida · 30 Sospecha de violencia física · 31 Sospecha de violencia psicológica · 32 Sospecha de violencia sexual · 33 Sospecha de negligencia y abandono · 34 IVE por peligro para la salud o la vida de la mujer · 35 IVE por malformación congénita incompatible con la vida · 36 IVE por violencia sexual, incesto o inseminación no consentida · 37 Evento adverso en salud · 38 Enfermedad general · 39 Enfermedad laboral · 40 Promoción y mantenimiento de la salud – intervenciones individuales · 41 Intervención colectiva · 42 Atención de población materno perinatal · 43 Riesgo ambiental · 44 Otros eventos catastróficos · 45 Accidente de mina antipersonal MAP · 46 Accidente de artefacto explosivo improvisado AEI · 47 Accidente de munición sin explotar MUSE · 48 Otra víctima de conflicto armado colombiano · 49 IVE por decisión de la persona gestante hasta la semana 24. */
  causaExterna: string;
  /** Código CUPS de la consulta. Código CUPS de consulta de 6 caracteres (890201…). Restricciones: patrón ^[0-9A-Z]{6}$. */
  codigoConsulta: string;
  /** Nombre de la consulta CUPS. Nombre del código CUPS (CONSULTA DE PRIMERA VEZ POR MEDICINA GENERAL…). Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcionConsulta: string;
  /** Entorno de la atención. EntornoAtencion: 01 Hogar · 02 Comunitario · 03 Escolar · 04 Laboral · 05 Institucional. */
  entorno: string;
  /** Fecha y hora de fin de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaFin: string;
  /** Fecha y hora de inicio de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaInicio: string;
  /** Grupo de servicios de la atención. Fijo para este tipo de RDA (01 Consulta externa); opcional. */
  grupoServicio?: string | null | undefined;
  /** Identificador local de la atención. Hasta 64 letras, dígitos, puntos o guiones. Restricciones: patrón ^[0-9A-Za-z.-]{1,64}$. */
  identificador?: string | null | undefined;
  /** Modalidad de la atención. ColombianTechModality: 01 Intramural · 02 Extramural unidad móvil · 03 Extramural domiciliaria · 04 Extramural jornada de salud · 05 Extramural (atención pre hospitalaria o transporte asistencial) · 06 Telemedicina interactiva · 07 Telemedicina no interactiva · 08 Telemedicina - Telexperticia · 09 Telemedicina - Telemonitoreo. */
  modalidad: string;
  /** Nombre del servicio REPS. Nombre del servicio (MEDICINA GENERAL…). Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  nombreServicioReps?: string | null | undefined;
  /** Servicio REPS de la atención. Código de servicio REPS de 3 o 4 dígitos (328 medicina general…). Restricciones: patrón ^[0-9]{3,4}$. */
  servicioReps?: string | null | undefined;
};

/** Datos planos de un RDA: exactamente uno de paciente, consultaExterna, hospitalizacion, urgencias; el campo enviado decide el tipo de RDA. Los tipos se generan de los esquemas JSON publicados en /openapi.json (DatosRda*). */
export type DatosRdaEntrada =
  {   /** Datos planos del RDA de consulta-externa: envíe este campo para construir un RDA «consulta-externa». */
  consultaExterna: DatosRdaConsultaExterna; hospitalizacion?: never; paciente?: never; urgencias?: never; }
  |  { consultaExterna?: never;   /** Datos planos del RDA de hospitalizacion: envíe este campo para construir un RDA «hospitalizacion». */
  hospitalizacion: DatosRdaHospitalizacion; paciente?: never; urgencias?: never; }
  |  { consultaExterna?: never; hospitalizacion?: never;   /** Datos planos del RDA de paciente: envíe este campo para construir un RDA «paciente». */
  paciente: DatosRdaPaciente; urgencias?: never; }
  |  { consultaExterna?: never; hospitalizacion?: never; paciente?: never;   /** Datos planos del RDA de urgencias: envíe este campo para construir un RDA «urgencias». */
  urgencias: DatosRdaUrgencias; };

/** Datos del RDA de hospitalizacion. Datos planos para construir el RDA «hospitalizacion». */
export type DatosRdaHospitalizacion = {
  /** Alergias. Restricciones: hasta 50 elementos. */
  alergias?: Array<DatosRdaComunAlergias> | null | undefined;
  /** Diagnósticos. Restricciones: de 1 a 30 elementos. */
  diagnosticos: Array<DatosRdaComunDiagnosticos>;
  /** Atención. */
  encuentro: DatosRdaHospitalizacionEncuentro;
  /** Epicrisis. */
  epicrisis: DatosRdaComunEpicrisis;
  /** Fecha del documento. AAAA-MM-DDTHH:MM con zona; por defecto, el momento de construirlo. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaDocumento?: string | null | undefined;
  /** Medicamentos. Restricciones: hasta 100 elementos. */
  medicamentos?: Array<DatosRdaComunMedicamentos> | null | undefined;
  /** Paciente. */
  paciente: DatosRdaComunPaciente;
  /** Pagadores. Restricciones: hasta 10 elementos. */
  pagadores?: Array<DatosRdaComunPagadores> | null | undefined;
  /** Pago particular. true si el paciente paga la atención (además o en lugar de una EAPB). */
  pagoParticular?: boolean | null | undefined;
  /** Prestador. */
  prestador: DatosRdaComunPrestador;
  /** Procedimientos. Restricciones: hasta 100 elementos. */
  procedimientos?: Array<DatosRdaComunProcedimientos> | null | undefined;
  /** Profesional. */
  profesional: DatosRdaComunProfesional;
};

/** Atención. */
export type DatosRdaHospitalizacionEncuentro = {
  /** Causa externa de la atención. RIPSCausaExternaVersion2: 21 Accidente de trabajo · 22 Accidente en el hogar · 23 Accidente de tránsito origen común · 24 Accidente de tránsito origen laboral · 25 Accidente entorno educativo · 26 Otro tipo de accidente · 27 Evento catastrófico origen natural · 28 Lesión por agresión · 29 Lesión autoinfligida · 30 Sospecha de violencia física · 31 Sospecha de violencia psicológica · 32 Sospecha de violencia sexual · 33 Sospecha de negligencia y abandono · 34 IVE por peligro para la salud o la vida de la mujer · 35 IVE por malformación congénita incompatible con la vida · 36 IVE por violencia sexual, incesto o inseminación no consentida · 37 Evento adverso en salud · 38 Enfermedad general · 39 Enfermedad laboral · 40 Promoción y mantenimiento de la salud – intervenciones individuales · 41 Intervención colectiva · 42 Atención de población materno perinatal · 43 Riesgo ambiental · 44 Otros eventos catastróficos · 45 Accidente de mina antipersonal MAP · 46 Accidente de artefacto explosivo improvisado AEI · 47 Accidente de munición sin explotar MUSE · 48 Otra víctima de conflicto armado colombiano · 49 IVE por decisión de la persona gestante hasta la semana 24. */
  causaExterna: string;
  /** Condición y destino al egreso. CondicionyDestinoUsuarioEgreso: 01 PACIENTE CON DESTINO A SU DOMICILIO · 02 PACIENTE MUERTO · 03 PACIENTE DERIVADO A OTRO SERVICIO · 04 REFERIDO A OTRA INSTITUCION · 05 CONTRAREFERIDO A OTRA INSTITUCION · 06 DERIVADO O REFERIDO A HOSPITALIZACION DOMICILIRIA · 07 DERIVADO A SERVICIO SOCIAL · 08 PACIENTE CONTINUA EN EL SERVICIO (CORTE FACTURACION). */
  condicionEgreso: string;
  /** Entorno de la atención. EntornoAtencion: 01 Hogar · 02 Comunitario · 03 Escolar · 04 Laboral · 05 Institucional. */
  entorno: string;
  /** Fecha y hora de fin de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaFin: string;
  /** Fecha y hora de inicio de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaInicio: string;
  /** Grupo de servicios de la atención. Fijo para este tipo de RDA (03 Internación); opcional. */
  grupoServicio?: string | null | undefined;
  /** Identificador local de la atención. Hasta 64 letras, dígitos, puntos o guiones. Restricciones: patrón ^[0-9A-Za-z.-]{1,64}$. */
  identificador?: string | null | undefined;
  /** Modalidad de la atención. ColombianTechModality: 01 Intramural · 02 Extramural unidad móvil · 03 Extramural domiciliaria · 04 Extramural jornada de salud · 05 Extramural (atención pre hospitalaria o transporte asistencial) · 06 Telemedicina interactiva · 07 Telemedicina no interactiva · 08 Telemedicina - Telexperticia · 09 Telemedicina - Telemonitoreo. */
  modalidad: string;
  /** Nombre del servicio REPS. Nombre del servicio (MEDICINA GENERAL…). Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  nombreServicioReps?: string | null | undefined;
  /** Servicio REPS de la atención. La guía 1.0.0 no lleva el servicio REPS en este tipo de RDA: se acepta y no se incluye en el Bundle. Restricciones: patrón ^[0-9]{3,4}$. */
  servicioReps?: string | null | undefined;
  /** Vía de ingreso. ViaIngreso: 01 DEMANDA ESPONTANEA · 02 DERIVADO DE CONSULTA EXTERNA · 03 DERIVADO DE URGENCIAS · 04 DERIVADO DE HOSPITALIZACION · 05 DERIVADO DE SALA DE CIRUGIA · 06 DERIVADO DE SALA DE PARTOS · 07 RECIEN NACIDO EN LA INSTITUCION · 08 RECIEN NACIDO EN OTRA INSTITUCION · 09 DERIVADO O REFERIDO DE HOSPITALIZACION DOMICILIARIA · 10 DERIVADO DE ATENCION DOMICILIARIA · 11 DERIVADO DE TELEMEDICINA · 12 DERIVADO DE JORNADA DE SALUD · 13 REFERIDO DE OTRA INSTITUCION · 14 CONTRAREFERIDO DE OTRA INSTITUCION. */
  viaIngreso: string;
};

/** Datos del RDA de paciente. Datos planos para construir el RDA «paciente». */
export type DatosRdaPaciente = {
  /** Alergias. Restricciones: hasta 50 elementos. */
  alergias?: Array<DatosRdaComunAlergias> | null | undefined;
  /** Antecedentes familiares. Restricciones: hasta 50 elementos. */
  antecedentesFamiliares?: Array<DatosRdaPacienteAntecedentesFamiliares> | null | undefined;
  /** Diagnósticos. Restricciones: hasta 30 elementos. */
  diagnosticos?: Array<DatosRdaComunDiagnosticos> | null | undefined;
  /** Atención en que se registraron los antecedentes. */
  encuentro: DatosRdaPacienteEncuentro;
  /** Fecha del documento. AAAA-MM-DDTHH:MM con zona; por defecto, el momento de construirlo. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaDocumento?: string | null | undefined;
  /** Medicamentos. Restricciones: hasta 100 elementos. */
  medicamentos?: Array<DatosRdaPacienteMedicamentos> | null | undefined;
  /** Paciente. */
  paciente: DatosRdaComunPaciente;
  /** Prestador. */
  prestador: DatosRdaComunPrestador;
  /** Profesional. */
  profesional: DatosRdaComunProfesional;
};

/** Antecedente familiar. */
export type DatosRdaPacienteAntecedentesFamiliares = {
  /** Código CIE-10 del antecedente familiar. Código CIE-10 sin punto (J450). Restricciones: patrón ^[A-Z][0-9]{2}[0-9A-Z]?$. */
  codigoCie10?: string | null | undefined;
  /** Descripción del antecedente familiar. Texto de la enfermedad; es también el display del código CIE-10 si lo envía. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Parentesco del antecedente familiar. ParentescoAntecedente: 01 Padres · 02 Hermanos · 03 Tíos · 04 Abuelos. */
  parentesco: string;
};

/** Atención en que se registraron los antecedentes. */
export type DatosRdaPacienteEncuentro = {
  /** Fecha y hora de fin de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaFin: string;
  /** Fecha y hora de inicio de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaInicio: string;
  /** Grupo de servicios de la atención. GrupoServicios: 01 Consulta externa · 02 Apoyo diagnóstico y complementación terapéutica · 03 Internación · 04 Quirúrgico · 05 Atención inmediata. */
  grupoServicio: string;
  /** Modalidad de la atención. ColombianTechModality: 01 Intramural · 02 Extramural unidad móvil · 03 Extramural domiciliaria · 04 Extramural jornada de salud · 05 Extramural (atención pre hospitalaria o transporte asistencial) · 06 Telemedicina interactiva · 07 Telemedicina no interactiva · 08 Telemedicina - Telexperticia · 09 Telemedicina - Telemonitoreo. */
  modalidad: string;
};

/** Medicamento. */
export type DatosRdaPacienteMedicamentos = {
  /** Código DCI del medicamento. Código de la denominación común internacional en MIPRES (MipresINN: 626 paracetamol…); el CUM no va aquí. Restricciones: patrón ^[0-9]{1,10}$. */
  codigo?: string | null | undefined;
  /** Nombre del medicamento. Restricciones: no puede estar en blanco; de 1 a 300 caracteres. */
  descripcion: string;
  /** Indicaciones del medicamento. Restricciones: no puede estar en blanco; de 1 a 500 caracteres. */
  indicaciones?: string | null | undefined;
};

/** Datos del RDA de urgencias. Datos planos para construir el RDA «urgencias». */
export type DatosRdaUrgencias = {
  /** Alergias. Restricciones: hasta 50 elementos. */
  alergias?: Array<DatosRdaComunAlergias> | null | undefined;
  /** Diagnósticos. Restricciones: de 1 a 30 elementos. */
  diagnosticos: Array<DatosRdaComunDiagnosticos>;
  /** Atención. */
  encuentro: DatosRdaUrgenciasEncuentro;
  /** Epicrisis. */
  epicrisis: DatosRdaComunEpicrisis;
  /** Fecha del documento. AAAA-MM-DDTHH:MM con zona; por defecto, el momento de construirlo. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaDocumento?: string | null | undefined;
  /** Medicamentos. Restricciones: hasta 100 elementos. */
  medicamentos?: Array<DatosRdaComunMedicamentos> | null | undefined;
  /** Paciente. */
  paciente: DatosRdaComunPaciente;
  /** Pagadores. Restricciones: hasta 10 elementos. */
  pagadores?: Array<DatosRdaComunPagadores> | null | undefined;
  /** Pago particular. true si el paciente paga la atención (además o en lugar de una EAPB). */
  pagoParticular?: boolean | null | undefined;
  /** Prestador. */
  prestador: DatosRdaComunPrestador;
  /** Procedimientos. Restricciones: hasta 100 elementos. */
  procedimientos?: Array<DatosRdaComunProcedimientos> | null | undefined;
  /** Profesional. */
  profesional: DatosRdaComunProfesional;
};

/** Atención. */
export type DatosRdaUrgenciasEncuentro = {
  /** Causa externa de la atención. RIPSCausaExternaVersion2: 21 Accidente de trabajo · 22 Accidente en el hogar · 23 Accidente de tránsito origen común · 24 Accidente de tránsito origen laboral · 25 Accidente entorno educativo · 26 Otro tipo de accidente · 27 Evento catastrófico origen natural · 28 Lesión por agresión · 29 Lesión autoinfligida · 30 Sospecha de violencia física · 31 Sospecha de violencia psicológica · 32 Sospecha de violencia sexual · 33 Sospecha de negligencia y abandono · 34 IVE por peligro para la salud o la vida de la mujer · 35 IVE por malformación congénita incompatible con la vida · 36 IVE por violencia sexual, incesto o inseminación no consentida · 37 Evento adverso en salud · 38 Enfermedad general · 39 Enfermedad laboral · 40 Promoción y mantenimiento de la salud – intervenciones individuales · 41 Intervención colectiva · 42 Atención de población materno perinatal · 43 Riesgo ambiental · 44 Otros eventos catastróficos · 45 Accidente de mina antipersonal MAP · 46 Accidente de artefacto explosivo improvisado AEI · 47 Accidente de munición sin explotar MUSE · 48 Otra víctima de conflicto armado colombiano · 49 IVE por decisión de la persona gestante hasta la semana 24. */
  causaExterna: string;
  /** Condición y destino al egreso. CondicionyDestinoUsuarioEgreso: 01 PACIENTE CON DESTINO A SU DOMICILIO · 02 PACIENTE MUERTO · 03 PACIENTE DERIVADO A OTRO SERVICIO · 04 REFERIDO A OTRA INSTITUCION · 05 CONTRAREFERIDO A OTRA INSTITUCION · 06 DERIVADO O REFERIDO A HOSPITALIZACION DOMICILIRIA · 07 DERIVADO A SERVICIO SOCIAL · 08 PACIENTE CONTINUA EN EL SERVICIO (CORTE FACTURACION). */
  condicionEgreso: string;
  /** Entorno de la atención. EntornoAtencion: 05 Institucional. */
  entorno?: string | null | undefined;
  /** Fecha y hora de fin de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaFin: string;
  /** Fecha y hora de inicio de la atención. AAAA-MM-DDTHH:MM con zona. Restricciones: patrón ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$. */
  fechaInicio: string;
  /** Grupo de servicios de la atención. Fijo para este tipo de RDA (05 Atención inmediata); opcional. */
  grupoServicio?: string | null | undefined;
  /** Identificador local de la atención. Hasta 64 letras, dígitos, puntos o guiones. Restricciones: patrón ^[0-9A-Za-z.-]{1,64}$. */
  identificador?: string | null | undefined;
  /** Modalidad de la atención. ColombianTechModality: 01 Intramural · 02 Extramural unidad móvil · 03 Extramural domiciliaria · 04 Extramural jornada de salud · 05 Extramural (atención pre hospitalaria o transporte asistencial) · 06 Telemedicina interactiva · 07 Telemedicina no interactiva · 08 Telemedicina - Telexperticia · 09 Telemedicina - Telemonitoreo. */
  modalidad: string;
  /** Nombre del servicio REPS. Nombre del servicio (MEDICINA GENERAL…). Restricciones: no puede estar en blanco; de 1 a 200 caracteres. */
  nombreServicioReps?: string | null | undefined;
  /** Servicio REPS de la atención. La guía 1.0.0 no lleva el servicio REPS en este tipo de RDA: se acepta y no se incluye en el Bundle. Restricciones: patrón ^[0-9]{3,4}$. */
  servicioReps?: string | null | undefined;
  /** Clasificación de triage. ClaseTriage: 01 Triage I · 02 Triage II · 03 Triage III · 04 Triage IV · 05 Triage V. */
  triage: string;
  /** Vía de ingreso. ViaIngreso: 01 DEMANDA ESPONTANEA · 02 DERIVADO DE CONSULTA EXTERNA · 03 DERIVADO DE URGENCIAS · 04 DERIVADO DE HOSPITALIZACION · 05 DERIVADO DE SALA DE CIRUGIA · 06 DERIVADO DE SALA DE PARTOS · 07 RECIEN NACIDO EN LA INSTITUCION · 08 RECIEN NACIDO EN OTRA INSTITUCION · 09 DERIVADO O REFERIDO DE HOSPITALIZACION DOMICILIARIA · 10 DERIVADO DE ATENCION DOMICILIARIA · 11 DERIVADO DE TELEMEDICINA · 12 DERIVADO DE JORNADA DE SALUD · 13 REFERIDO DE OTRA INSTITUCION · 14 CONTRAREFERIDO DE OTRA INSTITUCION. */
  viaIngreso: string;
};

/** Documento de identidad de una persona */
export type DocumentoIdentidadEntrada = {
  /** Número de documento: 3 a 20 letras o dígitos, sin espacios ni puntos */
  numero: string;
  /** Tipo de documento, en mayúsculas: CC, TI, CE, PA… */
  tipo: string;
};

/** Estado de una radicación: radicado (CUV), rechazado (por el MUV), rechazado-local (por la compuerta local, sin ir al MUV), fallido (el MUV no respondió; ver motivo) o pendiente (enviándose al MUV; se completa sola). En REST se escriben `radicado`, `rechazado`, `rechazado-local`, `fallido`, `pendiente`. */
export type EstadoRadicacion =
  /** En REST: `fallido` */
  | 'fallido'
  /** En REST: `pendiente` */
  | 'pendiente'
  /** En REST: `radicado` */
  | 'radicado'
  /** En REST: `rechazado` */
  | 'rechazado'
  /** En REST: `rechazado-local` */
  | 'rechazado-local';

/** Estado de una transmisión RDA: generado → validado → enviado → aceptado | rechazado. En REST se escriben `generado`, `validado`, `enviado`, `aceptado`, `rechazado`. */
export type EstadoTransmision =
  /** En REST: `aceptado` */
  | 'aceptado'
  /** En REST: `enviado` */
  | 'enviado'
  /** En REST: `generado` */
  | 'generado'
  /** En REST: `rechazado` */
  | 'rechazado'
  /** En REST: `validado` */
  | 'validado';

/** Quién produjo el hallazgo. En REST se escriben `linter-local`, `muv`, `linter-rda`, `validador-hl7`, `ihce`. */
export type Fuente =
  /** En REST: `ihce` */
  | 'ihce'
  /** En REST: `linter-local` */
  | 'linter-local'
  /** En REST: `linter-rda` */
  | 'linter-rda'
  /** En REST: `muv` */
  | 'muv'
  /** En REST: `validador-hl7` */
  | 'validador-hl7';

/** Módulo contratado por la entidad. En REST se escriben `rips`, `rda`. */
export type Modulo =
  /** En REST: `rda` */
  | 'rda'
  /** En REST: `rips` */
  | 'rips';

/** Módulo de un resumen: rips (radicaciones) o rda (transmisiones). En REST se escriben `rips`, `rda`. */
export type ModuloResumen =
  /** En REST: `rda` */
  | 'rda'
  /** En REST: `rips` */
  | 'rips';

/** Operación del MUV con que se radica (manual API Docker v4.3 §8): factura (CargarFevRips), nota-credito, nota-credito-total, nota-debito, nota-ajuste, rips-sin-factura, nota-credito-acuerdo-voluntades, capita-inicial, capita-periodo, capita-final, nota-credito-capita. En REST se escriben `factura`, `nota-credito-total`, `nota-credito`, `nota-debito`, `nota-ajuste`, `rips-sin-factura`, `nota-credito-acuerdo-voluntades`, `capita-inicial`, `capita-periodo`, `capita-final`, `nota-credito-capita`. */
export type OperacionRadicacion =
  /** En REST: `capita-final` */
  | 'capita-final'
  /** En REST: `capita-inicial` */
  | 'capita-inicial'
  /** En REST: `capita-periodo` */
  | 'capita-periodo'
  /** En REST: `factura` */
  | 'factura'
  /** En REST: `nota-ajuste` */
  | 'nota-ajuste'
  /** En REST: `nota-credito` */
  | 'nota-credito'
  /** En REST: `nota-credito-acuerdo-voluntades` */
  | 'nota-credito-acuerdo-voluntades'
  /** En REST: `nota-credito-capita` */
  | 'nota-credito-capita'
  /** En REST: `nota-credito-total` */
  | 'nota-credito-total'
  /** En REST: `nota-debito` */
  | 'nota-debito'
  /** En REST: `rips-sin-factura` */
  | 'rips-sin-factura';

/** Cómo llegó el RDA: un Bundle FHIR (POST /rda) o datos planos (POST /rda/desde-datos). En REST se escriben `bundle`, `datos`. */
export type OrigenTransmision =
  /** En REST: `bundle` */
  | 'bundle'
  /** En REST: `datos` */
  | 'datos';

/** Permiso efectivo. En REST se escriben `rips:enviar`, `rips:leer`, `rda:enviar`, `rda:leer`. */
export type Permiso =
  /** En REST: `rda:enviar` */
  | 'rda:enviar'
  /** En REST: `rda:leer` */
  | 'rda:leer'
  /** En REST: `rips:enviar` */
  | 'rips:enviar'
  /** En REST: `rips:leer` */
  | 'rips:leer';

/** Rol de un usuario en la entidad. En REST se escriben `owner`, `operador`, `auditor`. */
export type Rol =
  /** En REST: `auditor` */
  | 'auditor'
  /** En REST: `operador` */
  | 'operador'
  /** En REST: `owner` */
  | 'owner';

/** Severidad de un hallazgo: rechazo bloquea; aviso-gradualidad es una notificación que pasará a rechazo; aviso-conformidad no bloquea; informativo es una nota del servicio. En REST se escriben `rechazo`, `aviso-gradualidad`, `aviso-conformidad`, `informativo`. */
export type Severidad =
  /** En REST: `aviso-conformidad` */
  | 'aviso-conformidad'
  /** En REST: `aviso-gradualidad` */
  | 'aviso-gradualidad'
  /** En REST: `informativo` */
  | 'informativo'
  /** En REST: `rechazo` */
  | 'rechazo';

/** Severidad de un issue del validador oficial HL7. En REST se escriben `fatal`, `error`, `warning`, `information`. */
export type SeveridadHl7 =
  /** En REST: `error` */
  | 'error'
  /** En REST: `fatal` */
  | 'fatal'
  /** En REST: `information` */
  | 'information'
  /** En REST: `warning` */
  | 'warning';

/** Severidad en la forma compacta: error es rechazo; warning, aviso o nota. En REST se escriben `error`, `warning`. */
export type SeveridadIssue =
  /** En REST: `error` */
  | 'error'
  /** En REST: `warning` */
  | 'warning';

/** Tipo de entidad (prestador) que usa el servicio. En REST se escriben `ips`, `profesional-independiente`, `transporte-especial`, `objeto-social-diferente`. */
export type TipoEntidad =
  /** En REST: `ips` */
  | 'ips'
  /** En REST: `objeto-social-diferente` */
  | 'objeto-social-diferente'
  /** En REST: `profesional-independiente` */
  | 'profesional-independiente'
  /** En REST: `transporte-especial` */
  | 'transporte-especial';

/** Qué registra un evento de la traza. En REST se escriben `generado`, `validado`, `bloqueado-linter`, `enviado`, `reintento-programado`, `aceptado`, `rechazado`, `reintentos-agotados`, `consulta-documento`. */
export type TipoEventoTransmision =
  /** En REST: `aceptado` */
  | 'aceptado'
  /** En REST: `bloqueado-linter` */
  | 'bloqueado-linter'
  /** En REST: `consulta-documento` */
  | 'consulta-documento'
  /** En REST: `enviado` */
  | 'enviado'
  /** En REST: `generado` */
  | 'generado'
  /** En REST: `rechazado` */
  | 'rechazado'
  /** En REST: `reintentos-agotados` */
  | 'reintentos-agotados'
  /** En REST: `reintento-programado` */
  | 'reintento-programado'
  /** En REST: `validado` */
  | 'validado';

/** Cómo se autenticó quien llama. En REST se escriben `api-key`, `usuario`. */
export type TipoIdentidad =
  /** En REST: `api-key` */
  | 'api-key'
  /** En REST: `usuario` */
  | 'usuario';

/** Tipo de nota del RIPS: nota crédito, nota débito, nota de ajuste o RIPS sin factura. En REST se escriben `NC`, `ND`, `NA`, `RS`. */
export type TipoNota =
  /** En REST: `NA` */
  | 'NA'
  /** En REST: `NC` */
  | 'NC'
  /** En REST: `ND` */
  | 'ND'
  /** En REST: `RS` */
  | 'RS';

/** Tipo de una radicación según su operación: FEV (factura electrónica) o el tipo de nota del RIPS (NC, ND, NA, RS) en las cinco operaciones clásicas; NC-TOTAL, NC-ACUERDO-VOLUNTADES y NC-CAPITA (notas crédito total, por acuerdo de voluntades y de cápita); CAPITA-INICIAL, CAPITA-PERIODO y CAPITA-FINAL (facturas de cápita y RIPS final de cápita). En REST se escriben `FEV`, `NC`, `ND`, `NA`, `RS`, `NC-TOTAL`, `NC-ACUERDO-VOLUNTADES`, `CAPITA-INICIAL`, `CAPITA-PERIODO`, `CAPITA-FINAL`, `NC-CAPITA`. */
export type TipoRadicacion =
  /** En REST: `CAPITA-FINAL` */
  | 'CAPITA-FINAL'
  /** En REST: `CAPITA-INICIAL` */
  | 'CAPITA-INICIAL'
  /** En REST: `CAPITA-PERIODO` */
  | 'CAPITA-PERIODO'
  /** En REST: `FEV` */
  | 'FEV'
  /** En REST: `NA` */
  | 'NA'
  /** En REST: `NC` */
  | 'NC'
  /** En REST: `NC-ACUERDO-VOLUNTADES` */
  | 'NC-ACUERDO-VOLUNTADES'
  /** En REST: `NC-CAPITA` */
  | 'NC-CAPITA'
  /** En REST: `NC-TOTAL` */
  | 'NC-TOTAL'
  /** En REST: `ND` */
  | 'ND'
  /** En REST: `RS` */
  | 'RS';

/** Tipo de RDA (Res. 1888/2025). En REST se escriben `paciente`, `consulta-externa`, `hospitalizacion`, `urgencias`. */
export type TipoRda =
  /** En REST: `consulta-externa` */
  | 'consulta-externa'
  /** En REST: `hospitalizacion` */
  | 'hospitalizacion'
  /** En REST: `paciente` */
  | 'paciente'
  /** En REST: `urgencias` */
  | 'urgencias';

/** Tipo de servicio del RIPS. En REST se escriben `consultas`, `procedimientos`, `urgencias`, `hospitalizacion`, `recienNacidos`, `medicamentos`, `otrosServicios`. */
export type TipoServicio =
  /** En REST: `consultas` */
  | 'consultas'
  /** En REST: `hospitalizacion` */
  | 'hospitalizacion'
  /** En REST: `medicamentos` */
  | 'medicamentos'
  /** En REST: `otrosServicios` */
  | 'otrosServicios'
  /** En REST: `procedimientos` */
  | 'procedimientos'
  /** En REST: `recienNacidos` */
  | 'recienNacidos'
  /** En REST: `urgencias` */
  | 'urgencias';

export type CamposApiKeyFragment = { id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean }> };

export type ApiKeyQueryVariables = Exact<{
  id: string | number;
}>;


export type ApiKeyQuery = { apiKey: { id: string, prefijo: string, descripcion: string | null, creadaEn: string, revocadaEn: string | null, activa: boolean, enUso: boolean } };

export type CamposRadicacionFragment = { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: TipoNota | null, numNota: string | null, operacion: string, tipoOperacion: OperacionRadicacion, modulo: string | null, modalidadPago: string | null, ambiente: string | null, estado: EstadoRadicacion, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, periodoAtencion: { fechaInicio: string | null, fechaFin: string | null } | null };

export type RadicarRipsMutationVariables = Exact<{
  rips?: unknown;
  xmlFevFile?: string | null | undefined;
  operacion?: OperacionRadicacion | null | undefined;
}>;


export type RadicarRipsMutation = { radicarRips: { repetida: boolean, radicacion: { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: TipoNota | null, numNota: string | null, operacion: string, tipoOperacion: OperacionRadicacion, modulo: string | null, modalidadPago: string | null, ambiente: string | null, estado: EstadoRadicacion, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: Severidad, cantidad: number }>, periodoAtencion: { fechaInicio: string | null, fechaFin: string | null } | null } } };

export type RadicacionesQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type RadicacionesQuery = { radicaciones: { edges: Array<{ node: { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: TipoNota | null, numNota: string | null, operacion: string, tipoOperacion: OperacionRadicacion, modulo: string | null, modalidadPago: string | null, ambiente: string | null, estado: EstadoRadicacion, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, periodoAtencion: { fechaInicio: string | null, fechaFin: string | null } | null } }> } };

export type RadicacionQueryVariables = Exact<{
  id: string | number;
}>;


export type RadicacionQuery = { radicacion: { id: string, numFactura: string | null, numDocumentoIdObligado: string, tipoNota: TipoNota | null, numNota: string | null, operacion: string, tipoOperacion: OperacionRadicacion, modulo: string | null, modalidadPago: string | null, ambiente: string | null, estado: EstadoRadicacion, cuv: string | null, procesoId: number | null, fechaRadicacion: string | null, motivo: string | null, nErrores: number, nAvisos: number, createdAt: string, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: Severidad, cantidad: number }>, periodoAtencion: { fechaInicio: string | null, fechaFin: string | null } | null } };

export type VerificarCuvQueryVariables = Exact<{
  id: string | number;
}>;


export type VerificarCuvQuery = { verificarCuv: { id: string, numFactura: string | null, cuv: string, verificado: boolean, consultadoEn: string, motivoSinResultado: string | null, resultado: { aceptado: boolean, cuv: string | null, procesoId: number | null, numFactura: string | null, fechaRadicacion: string | null, modulo: string | null, ambiente: string | null, modalidadPago: string | null, periodoAtencion: { fechaInicio: string | null, fechaFin: string | null } | null, resultadosValidacion: Array<{ clase: string, codigo: string, descripcion: string, observaciones: string, pathFuente: string, fuente: string }> } | null, registro: { procesoId: number, cuv: string, numeroDocumento: string | null, numDocumentoIdObligado: string | null, fechaValidacion: string | null, esValido: boolean, tipoDocumento: string | null, fechaEmision: string | null, totalFactura: number | null, cantidadUsuarios: number | null, codigoPrestador: string | null, modalidadPago: string | null, numDocumentoReferenciado: string | null, resultadosValidacion: Array<{ clase: string, codigo: string, descripcion: string, observaciones: string, pathFuente: string, fuente: string }>, cantidadTotalAtenciones: { consultas: number, procedimientos: number, medicamentos: number, otrosServicios: number, recienNacidos: number, hospitalizaciones: number, urgencias: number } | null } | null } };

export type ValidarRdaQueryVariables = Exact<{
  bundle: unknown;
  tipo?: TipoRda | null | undefined;
  fechaEvaluacion?: string | null | undefined;
}>;


export type ValidarRdaQuery = { validarRda: { valid: boolean, issues: Array<{ severity: SeveridadIssue, codigo: string, path: string, message: string }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type ValidarRdaOficialQueryVariables = Exact<{
  bundle: unknown;
  tipo?: TipoRda | null | undefined;
}>;


export type ValidarRdaOficialQuery = { validarRdaOficial: { valid: boolean, perfil: string, porSeveridad: { error: number, warning: number, information: number, fatal: number }, issues: Array<{ severity: SeveridadHl7, message: string, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type ConstruirRdaQueryVariables = Exact<{
  fechaEvaluacion?: string | null | undefined;
  datos: DatosRdaEntrada;
}>;


export type ConstruirRdaQuery = { construirRda: { bundle: unknown, valid: boolean, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type CamposTransmisionFragment = { id: string, tipo: TipoRda, estado: EstadoTransmision, origen: OrigenTransmision, vida: string | null, compositionId: string | null, documentReferenceId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, recursosIhce: Array<{ tipo: string | null, id: string | null, version: string | null, status: number | null, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> };

export type TransmitirRdaMutationVariables = Exact<{
  tipo: TipoRda;
  bundle: unknown;
  idempotencyKey?: string | null | undefined;
}>;


export type TransmitirRdaMutation = { transmitirRda: { repetida: boolean, transmision: { id: string, tipo: TipoRda, estado: EstadoTransmision, origen: OrigenTransmision, vida: string | null, compositionId: string | null, documentReferenceId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, recursosIhce: Array<{ tipo: string | null, id: string | null, version: string | null, status: number | null, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } } };

export type TransmitirRdaDesdeDatosMutationVariables = Exact<{
  datos: DatosRdaEntrada;
  idempotencyKey?: string | null | undefined;
}>;


export type TransmitirRdaDesdeDatosMutation = { transmitirRdaDesdeDatos: { repetida: boolean, transmision: { id: string, tipo: TipoRda, estado: EstadoTransmision, origen: OrigenTransmision, vida: string | null, compositionId: string | null, documentReferenceId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, recursosIhce: Array<{ tipo: string | null, id: string | null, version: string | null, status: number | null, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } } };

export type TransmisionesQueryVariables = Exact<{
  estado?: EstadoTransmision | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type TransmisionesQuery = { transmisionesPagina: { total: number, limit: number, offset: number, items: Array<{ id: string, tipo: TipoRda, estado: EstadoTransmision, origen: OrigenTransmision, vida: string | null, compositionId: string | null, documentReferenceId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, recursosIhce: Array<{ tipo: string | null, id: string | null, version: string | null, status: number | null, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> }> } };

export type TransmisionQueryVariables = Exact<{
  id: string | number;
}>;


export type TransmisionQuery = { transmision: { id: string, tipo: TipoRda, estado: EstadoTransmision, origen: OrigenTransmision, vida: string | null, compositionId: string | null, documentReferenceId: string | null, motivo: string | null, intentos: number, reintentosAgotados: boolean, siguienteIntentoEn: string | null, creadoPor: string, creadaEn: string, actualizadaEn: string, recursosIhce: Array<{ tipo: string | null, id: string | null, version: string | null, status: number | null, location: string | null }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, avisos: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }> } };

export type EventosTransmisionQueryVariables = Exact<{
  id: string | number;
}>;


export type EventosTransmisionQuery = { eventosTransmision: Array<{ id: string, secuencia: number, fecha: string, tipo: TipoEventoTransmision, estadoAnterior: EstadoTransmision | null, estadoNuevo: EstadoTransmision, actor: string, statusUpstream: number | null, intento: number | null, detalle: string | null }> };

export type DocumentoIhceQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentoIhceQuery = { documentoIhce: Record<string, unknown> };

export type ConsultarRdaMutationVariables = Exact<{
  alcance?: AlcanceConsultaRda | null | undefined;
  paciente: DocumentoIdentidadEntrada;
  humanuser: DocumentoIdentidadEntrada;
  cursor?: string | null | undefined;
}>;


export type ConsultarRdaMutation = { consultarRda: { alcance: AlcanceConsultaRda, siguiente: string | null, total: number | null, items: Array<{ compositionId: string, vida: string | null, fecha: string | null, tipo: TipoRda | null, paciente: string | null }> } };

export type ResumenQueryVariables = Exact<{
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  modulo?: ModuloResumen | null | undefined;
  agrupar?: AgrupacionResumen | null | undefined;
}>;


export type ResumenQuery = { resumen: { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rips: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, montos: { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> }> | null, causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }>, montos: { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number, porPagador: Array<{ pagador: string | null, clase: ClasePagador, nombre: string | null, radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }> }, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> } | null, rda: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> }> | null, causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }>, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }, tiemposPorTipo: Array<{ tipo: TipoRda, aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }>, pendientes: { cantidad: number, masAntiguo: { id: string, tipo: TipoRda, estado: EstadoTransmision, creadoEn: string } | null }, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> } | null } };

export type ResumenConteosQueryVariables = Exact<{
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  modulo?: ModuloResumen | null | undefined;
  agrupar?: AgrupacionResumen | null | undefined;
}>;


export type ResumenConteosQuery = { resumen: { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rips: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> }> | null, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> } | null, rda: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> }> | null, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> } | null } };

export type ResumenCausasQueryVariables = Exact<{
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  modulo?: ModuloResumen | null | undefined;
  agrupar?: AgrupacionResumen | null | undefined;
}>;


export type ResumenCausasQuery = { resumen: { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rips: { causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }> } | null, rda: { causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }> } | null } };

export type ResumenTiemposQueryVariables = Exact<{
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  modulo?: ModuloResumen | null | undefined;
  agrupar?: AgrupacionResumen | null | undefined;
}>;


export type ResumenTiemposQuery = { resumen: { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rda: { serie: Array<{ periodo: string, hasta: string, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null } }> | null, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }, tiemposPorTipo: Array<{ tipo: TipoRda, aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }> } | null } };

export type ResumenPagadoresQueryVariables = Exact<{
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  modulo?: ModuloResumen | null | undefined;
  agrupar?: AgrupacionResumen | null | undefined;
}>;


export type ResumenPagadoresQuery = { resumen: { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rips: { serie: Array<{ periodo: string, hasta: string, montos: { porPagador: Array<{ pagador: string | null, clase: ClasePagador, nombre: string | null, radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }> } }> | null, montos: { porPagador: Array<{ pagador: string | null, clase: ClasePagador, nombre: string | null, radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }> } } | null } };

export type PeriodoResumenFragment = { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string };

export type CifrasResumenFragment = { desde: string | null, hasta: string | null, agrupar: AgrupacionResumen | null, zonaHoraria: string, rips: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, montos: { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> }> | null, causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }>, montos: { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number, porPagador: Array<{ pagador: string | null, clase: ClasePagador, nombre: string | null, radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number }> }, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> } | null, rda: { total: number, serie: Array<{ periodo: string, hasta: string, total: number, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> }> | null, causas: Array<{ codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number }>, tiempos: { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }, tiemposPorTipo: Array<{ tipo: TipoRda, aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null }>, pendientes: { cantidad: number, masAntiguo: { id: string, tipo: TipoRda, estado: EstadoTransmision, creadoEn: string } | null }, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> } | null };

type ConteosDeRips_PeriodoRips_Fragment = { total: number, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> };

type ConteosDeRips_ResumenRips_Fragment = { total: number, porEstado: Array<{ estado: EstadoRadicacion, cantidad: number }>, porTipo: Array<{ tipo: TipoRadicacion, cantidad: number }> };

export type ConteosDeRipsFragment =
  | ConteosDeRips_PeriodoRips_Fragment
  | ConteosDeRips_ResumenRips_Fragment
;

type ConteosDeRda_PeriodoRda_Fragment = { total: number, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> };

type ConteosDeRda_ResumenRda_Fragment = { total: number, porEstado: Array<{ estado: EstadoTransmision, cantidad: number }>, porTipo: Array<{ tipo: TipoRda, cantidad: number }> };

export type ConteosDeRdaFragment =
  | ConteosDeRda_PeriodoRda_Fragment
  | ConteosDeRda_ResumenRda_Fragment
;

type CamposMontos_MontoPagador_Fragment = { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number };

type CamposMontos_MontosPeriodoRips_Fragment = { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number };

type CamposMontos_MontosRips_Fragment = { radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number };

export type CamposMontosFragment =
  | CamposMontos_MontoPagador_Fragment
  | CamposMontos_MontosPeriodoRips_Fragment
  | CamposMontos_MontosRips_Fragment
;

export type MontoDePagadorFragment = { pagador: string | null, clase: ClasePagador, nombre: string | null, radicado: number, radicados: number, radicadosSinValor: number, retenido: number, retenidos: number, retenidosSinValor: number };

export type CamposCausaFragment = { codigo: string, fuente: Fuente, titulo: string, intentos: number, documentos: number, proporcion: number };

type CamposTiempos_TiemposRda_Fragment = { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null };

type CamposTiempos_TiemposTipoRda_Fragment = { aceptados: number, intentosPorAceptado: number | null, promedioMs: number | null, p50Ms: number | null, p95Ms: number | null, maxMs: number | null };

export type CamposTiemposFragment =
  | CamposTiempos_TiemposRda_Fragment
  | CamposTiempos_TiemposTipoRda_Fragment
;

export type CamposErrorAccionableFragment = { codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } };

export type ValidarRipsQueryVariables = Exact<{
  rips?: unknown;
  ripsTexto?: string | null | undefined;
  cuerpoFlujo?: unknown;
  fechaEvaluacion?: string | null | undefined;
}>;


export type ValidarRipsQuery = { validarRips: { valid: boolean, fechaEvaluacion: string, resumen: { rechazos: number, avisos: number, informativos: number }, issues: Array<{ severity: SeveridadIssue, regla: string, path: string, message: string }>, errores: Array<{ codigo: string, severidad: Severidad, fuente: Fuente, titulo: string, explicacion: string, comoCorregir: string, mensajeOriginal: string | null, ubicacion: { factura: string | null, usuarioIndex: number | null, documentoUsuario: string | null, tipoServicio: TipoServicio | null, servicioIndex: number | null, campo: string | null, campoNombre: string | null, ruta: string | null, descripcion: string } }>, omitidos: Array<{ codigo: string, severidad: Severidad, cantidad: number }> } };

export type SesionQueryVariables = Exact<{ [key: string]: never; }>;


export type SesionQuery = { sesion: { permisos: Array<Permiso>, entidad: { slug: string, nombre: string, tipoEntidad: TipoEntidad, modulos: Array<Modulo>, obligados: Array<string>, obligadosCompartidos: Array<string>, prestadores: Array<string> }, identidad: { tipo: TipoIdentidad, rol: Rol | null, sujeto: string | null, apiKeyPrefijo: string | null } } };

export type CamposConfiguracionFragment = { modulo: Modulo, upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean };

export type ConfiguracionRipsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfiguracionRipsQuery = { configuracionRips: { modulo: Modulo, upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean } };

export type ConfiguracionRdaQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfiguracionRdaQuery = { configuracionRda: { modulo: Modulo, upstreamConfigurado: boolean, credencialesConfiguradas: boolean, credencialesActualizadas: string | null, listo: boolean } };

export const CamposApiKeyFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<CamposApiKeyFragment, unknown>;
export const CamposRadicacionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"tipoOperacion"}},{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"periodoAtencion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fechaInicio"}},{"kind":"Field","name":{"kind":"Name","value":"fechaFin"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ambiente"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CamposRadicacionFragment, unknown>;
export const CamposErrorAccionableFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<CamposErrorAccionableFragment, unknown>;
export const CamposTransmisionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"documentReferenceId"}},{"kind":"Field","name":{"kind":"Name","value":"recursosIhce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","alias":{"kind":"Name","value":"avisos"},"name":{"kind":"Name","value":"avisosRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<CamposTransmisionFragment, unknown>;
export const PeriodoResumenFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PeriodoResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}}]}}]} as unknown as DocumentNode<PeriodoResumenFragment, unknown>;
export const ConteosDeRipsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRips"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRips"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]} as unknown as DocumentNode<ConteosDeRipsFragment, unknown>;
export const CamposMontosFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposMontos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Montos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicado"}},{"kind":"Field","name":{"kind":"Name","value":"radicados"}},{"kind":"Field","name":{"kind":"Name","value":"radicadosSinValor"}},{"kind":"Field","name":{"kind":"Name","value":"retenido"}},{"kind":"Field","name":{"kind":"Name","value":"retenidos"}},{"kind":"Field","name":{"kind":"Name","value":"retenidosSinValor"}}]}}]} as unknown as DocumentNode<CamposMontosFragment, unknown>;
export const CamposCausaFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposCausa"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CausaRechazo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"documentos"}},{"kind":"Field","name":{"kind":"Name","value":"proporcion"}}]}}]} as unknown as DocumentNode<CamposCausaFragment, unknown>;
export const MontoDePagadorFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MontoDePagador"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MontoPagador"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pagador"}},{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposMontos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Montos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicado"}},{"kind":"Field","name":{"kind":"Name","value":"radicados"}},{"kind":"Field","name":{"kind":"Name","value":"radicadosSinValor"}},{"kind":"Field","name":{"kind":"Name","value":"retenido"}},{"kind":"Field","name":{"kind":"Name","value":"retenidos"}},{"kind":"Field","name":{"kind":"Name","value":"retenidosSinValor"}}]}}]} as unknown as DocumentNode<MontoDePagadorFragment, unknown>;
export const ConteosDeRdaFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRda"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRda"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]} as unknown as DocumentNode<ConteosDeRdaFragment, unknown>;
export const CamposTiemposFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTiempos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tiempos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aceptados"}},{"kind":"Field","name":{"kind":"Name","value":"intentosPorAceptado"}},{"kind":"Field","name":{"kind":"Name","value":"promedioMs"}},{"kind":"Field","name":{"kind":"Name","value":"p50Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p95Ms"}},{"kind":"Field","name":{"kind":"Name","value":"maxMs"}}]}}]} as unknown as DocumentNode<CamposTiemposFragment, unknown>;
export const CifrasResumenFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CifrasResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}},{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}},{"kind":"Field","name":{"kind":"Name","value":"porPagador"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MontoDePagador"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiemposPorTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pendientes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cantidad"}},{"kind":"Field","name":{"kind":"Name","value":"masAntiguo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"creadoEn"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposMontos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Montos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicado"}},{"kind":"Field","name":{"kind":"Name","value":"radicados"}},{"kind":"Field","name":{"kind":"Name","value":"radicadosSinValor"}},{"kind":"Field","name":{"kind":"Name","value":"retenido"}},{"kind":"Field","name":{"kind":"Name","value":"retenidos"}},{"kind":"Field","name":{"kind":"Name","value":"retenidosSinValor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRips"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRips"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposCausa"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CausaRechazo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"documentos"}},{"kind":"Field","name":{"kind":"Name","value":"proporcion"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MontoDePagador"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MontoPagador"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pagador"}},{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRda"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRda"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTiempos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tiempos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aceptados"}},{"kind":"Field","name":{"kind":"Name","value":"intentosPorAceptado"}},{"kind":"Field","name":{"kind":"Name","value":"promedioMs"}},{"kind":"Field","name":{"kind":"Name","value":"p50Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p95Ms"}},{"kind":"Field","name":{"kind":"Name","value":"maxMs"}}]}}]} as unknown as DocumentNode<CifrasResumenFragment, unknown>;
export const CamposConfiguracionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<CamposConfiguracionFragment, unknown>;
export const ApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposApiKey"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const ApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposApiKey"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposApiKey"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefijo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"revocadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"activa"}},{"kind":"Field","name":{"kind":"Name","value":"enUso"}}]}}]} as unknown as DocumentNode<ApiKeyQuery, ApiKeyQueryVariables>;
export const RadicarRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RadicarRips"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rips"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"xmlFevFile"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"operacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OperacionRadicacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicarRips"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rips"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rips"}}},{"kind":"Argument","name":{"kind":"Name","value":"xmlFevFile"},"value":{"kind":"Variable","name":{"kind":"Name","value":"xmlFevFile"}}},{"kind":"Argument","name":{"kind":"Name","value":"operacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"operacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"tipoOperacion"}},{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"periodoAtencion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fechaInicio"}},{"kind":"Field","name":{"kind":"Name","value":"fechaFin"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ambiente"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<RadicarRipsMutation, RadicarRipsMutationVariables>;
export const RadicacionesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Radicaciones"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicaciones"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposRadicacion"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"tipoOperacion"}},{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"periodoAtencion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fechaInicio"}},{"kind":"Field","name":{"kind":"Name","value":"fechaFin"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ambiente"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RadicacionesQuery, RadicacionesQueryVariables>;
export const RadicacionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Radicacion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicacion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposRadicacion"}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposRadicacion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Radicacion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"tipoNota"}},{"kind":"Field","name":{"kind":"Name","value":"numNota"}},{"kind":"Field","name":{"kind":"Name","value":"operacion"}},{"kind":"Field","name":{"kind":"Name","value":"tipoOperacion"}},{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"periodoAtencion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fechaInicio"}},{"kind":"Field","name":{"kind":"Name","value":"fechaFin"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ambiente"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","name":{"kind":"Name","value":"nErrores"}},{"kind":"Field","name":{"kind":"Name","value":"nAvisos"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<RadicacionQuery, RadicacionQueryVariables>;
export const VerificarCuvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VerificarCuv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verificarCuv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"verificado"}},{"kind":"Field","name":{"kind":"Name","value":"consultadoEn"}},{"kind":"Field","name":{"kind":"Name","value":"motivoSinResultado"}},{"kind":"Field","name":{"kind":"Name","value":"resultado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aceptado"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"numFactura"}},{"kind":"Field","name":{"kind":"Name","value":"fechaRadicacion"}},{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"ambiente"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"periodoAtencion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fechaInicio"}},{"kind":"Field","name":{"kind":"Name","value":"fechaFin"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resultadosValidacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"observaciones"}},{"kind":"Field","name":{"kind":"Name","value":"pathFuente"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"registro"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"procesoId"}},{"kind":"Field","name":{"kind":"Name","value":"cuv"}},{"kind":"Field","name":{"kind":"Name","value":"numeroDocumento"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoIdObligado"}},{"kind":"Field","name":{"kind":"Name","value":"fechaValidacion"}},{"kind":"Field","name":{"kind":"Name","value":"esValido"}},{"kind":"Field","name":{"kind":"Name","value":"tipoDocumento"}},{"kind":"Field","name":{"kind":"Name","value":"fechaEmision"}},{"kind":"Field","name":{"kind":"Name","value":"totalFactura"}},{"kind":"Field","name":{"kind":"Name","value":"cantidadUsuarios"}},{"kind":"Field","name":{"kind":"Name","value":"codigoPrestador"}},{"kind":"Field","name":{"kind":"Name","value":"modalidadPago"}},{"kind":"Field","name":{"kind":"Name","value":"numDocumentoReferenciado"}},{"kind":"Field","name":{"kind":"Name","value":"resultadosValidacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}},{"kind":"Field","name":{"kind":"Name","value":"observaciones"}},{"kind":"Field","name":{"kind":"Name","value":"pathFuente"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cantidadTotalAtenciones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consultas"}},{"kind":"Field","name":{"kind":"Name","value":"procedimientos"}},{"kind":"Field","name":{"kind":"Name","value":"medicamentos"}},{"kind":"Field","name":{"kind":"Name","value":"otrosServicios"}},{"kind":"Field","name":{"kind":"Name","value":"recienNacidos"}},{"kind":"Field","name":{"kind":"Name","value":"hospitalizaciones"}},{"kind":"Field","name":{"kind":"Name","value":"urgencias"}}]}}]}}]}}]}}]} as unknown as DocumentNode<VerificarCuvQuery, VerificarCuvQueryVariables>;
export const ValidarRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRdaQuery, ValidarRdaQueryVariables>;
export const ValidarRdaOficialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRdaOficial"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRdaOficial"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"perfil"}},{"kind":"Field","name":{"kind":"Name","value":"porSeveridad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"warning"}},{"kind":"Field","name":{"kind":"Name","value":"information"}},{"kind":"Field","name":{"kind":"Name","value":"fatal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRdaOficialQuery, ValidarRdaOficialQueryVariables>;
export const ConstruirRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConstruirRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"datos"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DatosRdaEntrada"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"construirRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"datos"},"value":{"kind":"Variable","name":{"kind":"Name","value":"datos"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bundle"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ConstruirRdaQuery, ConstruirRdaQueryVariables>;
export const TransmitirRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransmitirRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TipoRda"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmitirRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"tipo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tipo"}}},{"kind":"Argument","name":{"kind":"Name","value":"bundle"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bundle"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmision"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"documentReferenceId"}},{"kind":"Field","name":{"kind":"Name","value":"recursosIhce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","alias":{"kind":"Name","value":"avisos"},"name":{"kind":"Name","value":"avisosRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}}]}}]} as unknown as DocumentNode<TransmitirRdaMutation, TransmitirRdaMutationVariables>;
export const TransmitirRdaDesdeDatosDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransmitirRdaDesdeDatos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"datos"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DatosRdaEntrada"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmitirRdaDesdeDatos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"datos"},"value":{"kind":"Variable","name":{"kind":"Name","value":"datos"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmision"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}},{"kind":"Field","name":{"kind":"Name","value":"repetida"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"documentReferenceId"}},{"kind":"Field","name":{"kind":"Name","value":"recursosIhce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","alias":{"kind":"Name","value":"avisos"},"name":{"kind":"Name","value":"avisosRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}}]}}]} as unknown as DocumentNode<TransmitirRdaDesdeDatosMutation, TransmitirRdaDesdeDatosMutationVariables>;
export const TransmisionesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Transmisiones"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"estado"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EstadoTransmision"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmisionesPagina"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"estado"},"value":{"kind":"Variable","name":{"kind":"Name","value":"estado"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"documentReferenceId"}},{"kind":"Field","name":{"kind":"Name","value":"recursosIhce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","alias":{"kind":"Name","value":"avisos"},"name":{"kind":"Name","value":"avisosRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}}]}}]} as unknown as DocumentNode<TransmisionesQuery, TransmisionesQueryVariables>;
export const TransmisionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Transmision"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transmision"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTransmision"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTransmision"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transmision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"origen"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"documentReferenceId"}},{"kind":"Field","name":{"kind":"Name","value":"recursosIhce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"location"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"motivo"}},{"kind":"Field","alias":{"kind":"Name","value":"avisos"},"name":{"kind":"Name","value":"avisosRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"reintentosAgotados"}},{"kind":"Field","name":{"kind":"Name","value":"siguienteIntentoEn"}},{"kind":"Field","name":{"kind":"Name","value":"creadoPor"}},{"kind":"Field","name":{"kind":"Name","value":"creadaEn"}},{"kind":"Field","name":{"kind":"Name","value":"actualizadaEn"}}]}}]} as unknown as DocumentNode<TransmisionQuery, TransmisionQueryVariables>;
export const EventosTransmisionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventosTransmision"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventosTransmision"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secuencia"}},{"kind":"Field","name":{"kind":"Name","value":"fecha"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estadoAnterior"}},{"kind":"Field","name":{"kind":"Name","value":"estadoNuevo"}},{"kind":"Field","name":{"kind":"Name","value":"actor"}},{"kind":"Field","name":{"kind":"Name","value":"statusUpstream"}},{"kind":"Field","name":{"kind":"Name","value":"intento"}},{"kind":"Field","name":{"kind":"Name","value":"detalle"}}]}}]}}]} as unknown as DocumentNode<EventosTransmisionQuery, EventosTransmisionQueryVariables>;
export const DocumentoIhceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentoIhce"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentoIhce"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DocumentoIhceQuery, DocumentoIhceQueryVariables>;
export const ConsultarRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsultarRda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"alcance"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AlcanceConsultaRda"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paciente"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentoIdentidadEntrada"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"humanuser"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentoIdentidadEntrada"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consultarRda"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"alcance"},"value":{"kind":"Variable","name":{"kind":"Name","value":"alcance"}}},{"kind":"Argument","name":{"kind":"Name","value":"paciente"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paciente"}}},{"kind":"Argument","name":{"kind":"Name","value":"humanuser"},"value":{"kind":"Variable","name":{"kind":"Name","value":"humanuser"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"alcance"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"compositionId"}},{"kind":"Field","name":{"kind":"Name","value":"vida"}},{"kind":"Field","name":{"kind":"Name","value":"fecha"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"paciente"}}]}},{"kind":"Field","name":{"kind":"Name","value":"siguiente"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<ConsultarRdaMutation, ConsultarRdaMutationVariables>;
export const ResumenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Resumen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"desde"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModuloResumen"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AgrupacionResumen"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"desde"},"value":{"kind":"Variable","name":{"kind":"Name","value":"desde"}}},{"kind":"Argument","name":{"kind":"Name","value":"hasta"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}}},{"kind":"Argument","name":{"kind":"Name","value":"modulo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}}},{"kind":"Argument","name":{"kind":"Name","value":"agrupar"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CifrasResumen"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRips"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRips"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposMontos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Montos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicado"}},{"kind":"Field","name":{"kind":"Name","value":"radicados"}},{"kind":"Field","name":{"kind":"Name","value":"radicadosSinValor"}},{"kind":"Field","name":{"kind":"Name","value":"retenido"}},{"kind":"Field","name":{"kind":"Name","value":"retenidos"}},{"kind":"Field","name":{"kind":"Name","value":"retenidosSinValor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposCausa"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CausaRechazo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"documentos"}},{"kind":"Field","name":{"kind":"Name","value":"proporcion"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MontoDePagador"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MontoPagador"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pagador"}},{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRda"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRda"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTiempos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tiempos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aceptados"}},{"kind":"Field","name":{"kind":"Name","value":"intentosPorAceptado"}},{"kind":"Field","name":{"kind":"Name","value":"promedioMs"}},{"kind":"Field","name":{"kind":"Name","value":"p50Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p95Ms"}},{"kind":"Field","name":{"kind":"Name","value":"maxMs"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CifrasResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}},{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}},{"kind":"Field","name":{"kind":"Name","value":"porPagador"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MontoDePagador"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiemposPorTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pendientes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cantidad"}},{"kind":"Field","name":{"kind":"Name","value":"masAntiguo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"creadoEn"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ResumenQuery, ResumenQueryVariables>;
export const ResumenConteosDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResumenConteos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"desde"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModuloResumen"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AgrupacionResumen"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"desde"},"value":{"kind":"Variable","name":{"kind":"Name","value":"desde"}}},{"kind":"Argument","name":{"kind":"Name","value":"hasta"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}}},{"kind":"Argument","name":{"kind":"Name","value":"modulo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}}},{"kind":"Argument","name":{"kind":"Name","value":"agrupar"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PeriodoResumen"}},{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRips"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}},{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConteosDeRda"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PeriodoResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRips"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRips"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConteosDeRda"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConteosRda"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"porEstado"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"estado"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}},{"kind":"Field","name":{"kind":"Name","value":"porTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]} as unknown as DocumentNode<ResumenConteosQuery, ResumenConteosQueryVariables>;
export const ResumenCausasDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResumenCausas"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"desde"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModuloResumen"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AgrupacionResumen"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"desde"},"value":{"kind":"Variable","name":{"kind":"Name","value":"desde"}}},{"kind":"Argument","name":{"kind":"Name","value":"hasta"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}}},{"kind":"Argument","name":{"kind":"Name","value":"modulo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}}},{"kind":"Argument","name":{"kind":"Name","value":"agrupar"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PeriodoResumen"}},{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"causas"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposCausa"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PeriodoResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposCausa"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CausaRechazo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"intentos"}},{"kind":"Field","name":{"kind":"Name","value":"documentos"}},{"kind":"Field","name":{"kind":"Name","value":"proporcion"}}]}}]} as unknown as DocumentNode<ResumenCausasQuery, ResumenCausasQueryVariables>;
export const ResumenTiemposDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResumenTiempos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"desde"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModuloResumen"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AgrupacionResumen"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"desde"},"value":{"kind":"Variable","name":{"kind":"Name","value":"desde"}}},{"kind":"Argument","name":{"kind":"Name","value":"hasta"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}}},{"kind":"Argument","name":{"kind":"Name","value":"modulo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}}},{"kind":"Argument","name":{"kind":"Name","value":"agrupar"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PeriodoResumen"}},{"kind":"Field","name":{"kind":"Name","value":"rda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiempos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tiemposPorTipo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposTiempos"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PeriodoResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposTiempos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tiempos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"aceptados"}},{"kind":"Field","name":{"kind":"Name","value":"intentosPorAceptado"}},{"kind":"Field","name":{"kind":"Name","value":"promedioMs"}},{"kind":"Field","name":{"kind":"Name","value":"p50Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p95Ms"}},{"kind":"Field","name":{"kind":"Name","value":"maxMs"}}]}}]} as unknown as DocumentNode<ResumenTiemposQuery, ResumenTiemposQueryVariables>;
export const ResumenPagadoresDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResumenPagadores"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"desde"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModuloResumen"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AgrupacionResumen"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumen"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"desde"},"value":{"kind":"Variable","name":{"kind":"Name","value":"desde"}}},{"kind":"Argument","name":{"kind":"Name","value":"hasta"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hasta"}}},{"kind":"Argument","name":{"kind":"Name","value":"modulo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modulo"}}},{"kind":"Argument","name":{"kind":"Name","value":"agrupar"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agrupar"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PeriodoResumen"}},{"kind":"Field","name":{"kind":"Name","value":"rips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serie"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodo"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"porPagador"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MontoDePagador"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"montos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"porPagador"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MontoDePagador"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposMontos"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Montos"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"radicado"}},{"kind":"Field","name":{"kind":"Name","value":"radicados"}},{"kind":"Field","name":{"kind":"Name","value":"radicadosSinValor"}},{"kind":"Field","name":{"kind":"Name","value":"retenido"}},{"kind":"Field","name":{"kind":"Name","value":"retenidos"}},{"kind":"Field","name":{"kind":"Name","value":"retenidosSinValor"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PeriodoResumen"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Resumen"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"desde"}},{"kind":"Field","name":{"kind":"Name","value":"hasta"}},{"kind":"Field","name":{"kind":"Name","value":"agrupar"}},{"kind":"Field","name":{"kind":"Name","value":"zonaHoraria"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MontoDePagador"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MontoPagador"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pagador"}},{"kind":"Field","name":{"kind":"Name","value":"clase"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposMontos"}}]}}]} as unknown as DocumentNode<ResumenPagadoresQuery, ResumenPagadoresQueryVariables>;
export const ValidarRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidarRips"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rips"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ripsTexto"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cuerpoFlujo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FlujoCuerpo"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validarRips"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rips"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rips"}}},{"kind":"Argument","name":{"kind":"Name","value":"ripsTexto"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ripsTexto"}}},{"kind":"Argument","name":{"kind":"Name","value":"cuerpoFlujo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cuerpoFlujo"}}},{"kind":"Argument","name":{"kind":"Name","value":"fechaEvaluacion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fechaEvaluacion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"fechaEvaluacion"}},{"kind":"Field","name":{"kind":"Name","value":"resumen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rechazos"}},{"kind":"Field","name":{"kind":"Name","value":"avisos"}},{"kind":"Field","name":{"kind":"Name","value":"informativos"}}]}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"regla"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"errores"},"name":{"kind":"Name","value":"erroresRest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposErrorAccionable"}}]}},{"kind":"Field","name":{"kind":"Name","value":"omitidos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"cantidad"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposErrorAccionable"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ErrorAccionable"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"codigo"}},{"kind":"Field","name":{"kind":"Name","value":"severidad"}},{"kind":"Field","name":{"kind":"Name","value":"fuente"}},{"kind":"Field","name":{"kind":"Name","value":"ubicacion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"factura"}},{"kind":"Field","name":{"kind":"Name","value":"usuarioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"documentoUsuario"}},{"kind":"Field","name":{"kind":"Name","value":"tipoServicio"}},{"kind":"Field","name":{"kind":"Name","value":"servicioIndex"}},{"kind":"Field","name":{"kind":"Name","value":"campo"}},{"kind":"Field","name":{"kind":"Name","value":"campoNombre"}},{"kind":"Field","name":{"kind":"Name","value":"ruta"}},{"kind":"Field","name":{"kind":"Name","value":"descripcion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"titulo"}},{"kind":"Field","name":{"kind":"Name","value":"explicacion"}},{"kind":"Field","name":{"kind":"Name","value":"comoCorregir"}},{"kind":"Field","name":{"kind":"Name","value":"mensajeOriginal"}}]}}]} as unknown as DocumentNode<ValidarRipsQuery, ValidarRipsQueryVariables>;
export const SesionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sesion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sesion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entidad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"nombre"}},{"kind":"Field","name":{"kind":"Name","value":"tipoEntidad"}},{"kind":"Field","name":{"kind":"Name","value":"modulos"}},{"kind":"Field","name":{"kind":"Name","value":"obligados"}},{"kind":"Field","name":{"kind":"Name","value":"obligadosCompartidos"}},{"kind":"Field","name":{"kind":"Name","value":"prestadores"}}]}},{"kind":"Field","name":{"kind":"Name","value":"identidad"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tipo"}},{"kind":"Field","name":{"kind":"Name","value":"rol"}},{"kind":"Field","name":{"kind":"Name","value":"sujeto"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyPrefijo"}}]}},{"kind":"Field","name":{"kind":"Name","value":"permisos"}}]}}]}}]} as unknown as DocumentNode<SesionQuery, SesionQueryVariables>;
export const ConfiguracionRipsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConfiguracionRips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configuracionRips"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposConfiguracion"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<ConfiguracionRipsQuery, ConfiguracionRipsQueryVariables>;
export const ConfiguracionRdaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConfiguracionRda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configuracionRda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CamposConfiguracion"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CamposConfiguracion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConfiguracionModulo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modulo"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamConfigurado"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesConfiguradas"}},{"kind":"Field","name":{"kind":"Name","value":"credencialesActualizadas"}},{"kind":"Field","name":{"kind":"Name","value":"listo"}}]}}]} as unknown as DocumentNode<ConfiguracionRdaQuery, ConfiguracionRdaQueryVariables>;
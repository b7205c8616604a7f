import type { ServerTexts } from "./texts.en.ts";

/** The server's texts in Portuguese. */
export const pt: ServerTexts = {
  /** Alarm families, as the rule editor offers them. */
  alarmFamilies: {
    5: "Geozona",
    6: "Ponto de interesse",
    10: "Estado",
    11: "Marcha lenta",
    12: "Sem conexão",
    13: "Tempo máximo de paragem",
    14: "Tempo máximo de condução",
    15: "Tempo máximo estacionado",
    17: "Trajeto sem condutor",
    19: "Consumo médio mensal",
    20: "Excesso de velocidade",
    21: "Ignição ligada / desligada",
    22: "SOS / pânico",
    23: "Corte de alimentação",
    24: "Bateria fraca",
    25: "Porta",
    26: "Reboque / movimento estacionado",
    27: "Colisão",
    28: "Condução brusca",
    29: "Sabotagem / vibração",
    30: "Bloqueio do motor",
    31: "Manutenção",
    32: "Bloqueio virtual",
    33: "Entrada na zona de beacons",
    34: "Saída da zona de beacons",
    35: "Itinerário",
  },
  /** Alarm priorities, by their number. */
  alarmPriorities: {
    1: "Baixa",
    2: "Média",
    3: "Alta",
  },
  /** What an alarm notice says happened, by its event key. */
  alarmEvents: {
    geozoneIn: "Entrada na geozona",
    geozoneOut: "Saída da geozona",
    poiIn: "Chegada ao ponto de interesse",
    poiOut: "Saída do ponto de interesse",
    stateEqual: "Mudança de estado",
    stateUnequal: "Mudança de estado",
    idle: "Marcha lenta",
    offline: "Sem conexão",
    maxStop: "Tempo máximo de paragem",
    maxDriving: "Tempo máximo de condução",
    maxParked: "Tempo máximo estacionado",
    trackWithoutDriver: "Trajeto sem condutor",
    monthlyConsumption: "Consumo médio mensal",
    speeding: "Excesso de velocidade",
    ignitionOn: "Ignição ligada",
    ignitionOff: "Ignição desligada",
    sos: "SOS / pânico",
    powerCut: "Corte de alimentação",
    lowBattery: "Bateria fraca",
    doorOpen: "Porta aberta",
    doorClose: "Porta fechada",
    tow: "Reboque / movimento estacionado",
    crash: "Colisão",
    harshAcceleration: "Aceleração brusca",
    harshBraking: "Travagem brusca",
    sharpTurn: "Curva brusca",
    vibration: "Vibração",
    tamper: "Sabotagem",
    jamming: "Bloqueio GSM",
    engineLocked: "Motor bloqueado",
    engineUnlocked: "Motor desbloqueado",
    virtualLockMoved: "Bloqueio virtual: o veículo moveu-se",
    virtualLockIgnition: "Bloqueio virtual: ignição ligada",
    beaconZoneIn: "Entrada na zona de beacons",
    beaconZoneOut: "Saída da zona de beacons",
    maintenanceDue: "Manutenção pendente",
    itineraryEarly: "Itinerário: chegada antecipada",
    itineraryLate: "Itinerário: chegada atrasada",
    itineraryStayShort: "Itinerário: paragem demasiado curta",
    itineraryStayLong: "Itinerário: paragem demasiado longa",
    itinerarySkipped: "Itinerário: ponto de passagem falhado",
    itineraryOutOfOrder: "Itinerário: ponto de passagem fora de ordem",
  },
  /** The labels of an alarm notice's mail. */
  alarmMail: {
    map: "Ver no mapa",
    item: "Elemento",
    date: "Data",
    position: "Posição",
    event: "Evento",
    priority: "Prioridade",
    unsubscribe: "Deixar de receber estas notificações",
  },
  /** Why a ticket's mail was sent, its subject and the company line. */
  ticketMail: {
    assigned: "O ticket #{id} «{title}» foi-lhe atribuído por {by}.",
    comment: "O ticket #{id} «{title}» tem um novo comentário de {by}.",
    state: "O ticket #{id} «{title}» está agora {state} ({by}).",
    subject: "Ticket #{id}: {title}",
    company: "Empresa: {name}",
  },
  /** A ticket's state, as it reads inside a sentence. */
  ticketStates: {
    open: "aberto",
    inProgress: "em curso",
    resolved: "resolvido",
    closed: "fechado",
  },
  /** A due or overdue maintenance revision's mail. */
  revisionMail: {
    dueSubject: "Manutenção próxima: {task} – {item}",
    overdueSubject: "Manutenção em atraso: {task} – {item}",
    due: "A revisão «{task}» de {item} vence em breve (vence em {at}).",
    overdue: "A revisão «{task}» de {item} está em atraso (vencia em {at}).",
    odometer: "Conta-quilómetros atual: {km} km.",
    hours: "h",
  },
  /** A periodic report's mail. */
  periodicMail: {
    subject: "Relatório periódico: {name}",
    period: "Período: de {from} a {to} ({zone})",
    attached: "O relatório segue em anexo em {format}.",
  },
  /** The mail telling an account's owner it is being guessed at. */
  attackMail: {
    subject: "Tentativas falhadas de acesso à sua conta",
    body: "Houve várias tentativas de acesso à sua conta {brand} com uma palavra-passe errada, a partir destes endereços:",
    advice:
      "Se não foi você, pode continuar a entrar como habitualmente: esses endereços foram abrandados. Recomendamos que altere a palavra-passe e ative o início de sessão em dois passos no seu perfil:",
  },
  /** The create- and reset-password mails. */
  passwordMail: {
    resetSubject: "Redefinir a palavra-passe",
    createSubject: "Crie a sua palavra-passe",
    resetBody:
      "Recebemos um pedido para redefinir a sua palavra-passe. Abra esta ligação para escolher uma nova:",
    createBody: "A sua conta foi criada. Abra esta ligação para criar a sua palavra-passe:",
    footer: "A ligação expira em 24 horas e só pode ser usada uma vez.",
  },
  /** An address from the nearest place: inside it, or how far from it. */
  places: {
    near: "perto de {place}",
    away: "a {distance} de {place}",
  },
};

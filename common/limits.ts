// How long a text field may be (characters) and how large a number field: the server's schemas
// (common/contracts) refuse more, and the forms of the admin and the phone stop and count at the
// same figure.

export const LIMITS = {
  // Search fields of the lists
  /** The admin lists' text filters (account, name, keyword, address, operation…). */
  filter: 64,
  /** The people-service lists' keyword (群众诉求, 随手拍, 舆情). */
  peopleKeyword: 50,
  /** A user list's phone filter. */
  phoneFilter: 32,

  // Accounts and sign-in
  personName: 32,
  /** What a sign-in may send as the account and the password (the rules of a new password are its pattern). */
  signInAccount: 64,
  signInPassword: 128,
  captcha: 8,
  captchaId: 64,
  roleName: 32,
  groupName: 32,
  groupDescription: 200,
  areaName: 32,
  /** A manual points change, either way. */
  scorePoints: 10_000,
  scoreReason: 200,

  // Tasks
  taskTitle: 100,
  taskPoints: 1000,
  /** A rich-text document (a task's content, a news item, an introduction), HTML included. */
  richText: 200_000,
  submissionText: 2000,
  reviewComment: 500,
  /** A form field of a task (填报字段): its name, a number's unit, a choice's option. */
  taskFieldLabel: 20,
  taskFieldUnit: 8,
  taskFieldOption: 20,

  // News and introductions
  newsTitle: 100,
  newsSummary: 300,
  centreTitle: 100,
  villageName: 30,
  /** A village's or an org unit's leader, and an org unit's position. */
  leader: 30,
  position: 30,
  /** A phone number as people write it: a village's, an org unit's, an appeal's. */
  contactPhone: 20,
  /** A village's figures (population, households, land area, party members). */
  villageFigure: 10_000_000,
  orgUnitName: 50,
  orgUnitMembers: 2000,
  orgUnitSort: 9999,

  // People services
  appealTitle: 50,
  appealContent: 2000,
  appealReply: 2000,
  /** Why an appeal is not taken on or a photo report is invalid. */
  refusalReason: 500,
  /** What goes with handing an appeal to a village or taking it back. */
  dispatchNote: 500,
  rateComment: 500,
  /** What a call-back (回访) records of the conversation or the attempt. */
  callbackNote: 500,
  reportDescription: 1000,
  reportLocation: 100,
  reportResult: 1000,
  opinionTitle: 100,
  opinionSummary: 1000,
  opinionLink: 500,
  opinionKeyword: 20,

  // Settings
  /** 平台名称, 中心名称 and 备案号. */
  platformText: 64,
  displayLinkName: 40,
  displayKey: 128,
  calendarName: 20,

  // Message channels (系统设置 › 消息通道)
  channelName: 40,
  /** A webhook's or a gateway's address, its key included. */
  channelUrl: 1000,
  /** A robot's signing secret, a gateway's key. */
  channelSecret: 200,
  smsHeaders: 10,
  smsHeaderName: 64,
  smsHeaderValue: 500,
  smsBodyTemplate: 2000,
  smsSuccessPath: 100,
  smsSuccessValue: 100,
} as const;

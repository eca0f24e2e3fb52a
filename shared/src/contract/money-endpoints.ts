/**
 * Endpoints of the issue "Accounts and money". Merged into ENDPOINTS (endpoints.ts).
 * `files` names the multipart file parts; `idempotent` marks money-moving calls that honour an
 * Idempotency-Key header; `admin` calls need the admin role stored in the database.
 */
import { z } from 'zod';
import {
  bankCardAddRequest, bankCardEditRequest, bankCardIdRequest, bankCardList, changePasswordRequest, messageIdRequest, messageList,
  inboxMessage, newsIdRequest, newsItem, newsList, pageRequest, realnameInfo, realnameRequest, setFundPasswordRequest,
} from './profile';
import {
  balances, creditInfo, depositChannels, depositChannelsRequest, depositList, depositRequest, exchangeRates, exchangeRequest, exchangeResult, fundRecords,
  fundRecordsRequest, loanApplyRequest, loanList, loanRepayRequest, withdrawRequest, withdrawRules,
} from './funds';
import { adminListRequest, configSetRequest, correctionRequest, imageAnswer, imageRequest, newsSetRequest, rateSetRequest, reviewRequest, userFlagsRequest } from './admin';

const empty = z.object({});
const anyList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });
const idAnswer = z.object({ id: z.number().int(), order_no: z.string().optional() });

export const MONEY_ENDPOINTS = {
  // account
  changePassword: { path: '/user/changePassword', auth: true, request: changePasswordRequest, data: empty, summary: 'Change the login password (ends every session)' },
  setFundPassword: { path: '/user/setFundPassword', auth: true, request: setFundPasswordRequest, data: empty, summary: 'Set or change the six-digit fund password' },
  realname: { path: '/user/realname', auth: true, request: realnameRequest, data: realnameInfo, files: ['front', 'back'], filesRequiredKey: 'id_images_required', summary: 'Submit identity verification (name, ID number, both sides of the ID)' },
  realnameInfo: { path: '/user/realnameInfo', auth: true, request: empty, data: realnameInfo, summary: 'Identity verification state' },
  banks: { path: '/user/banks', auth: true, request: empty, data: bankCardList, summary: 'Bound bank cards' },
  bankAdd: { path: '/user/bankAdd', auth: true, request: bankCardAddRequest, data: idAnswer, summary: 'Bind a bank card' },
  bankEdit: { path: '/user/bankEdit', auth: true, request: bankCardEditRequest, data: empty, summary: 'Edit a bank card' },
  bankDelete: { path: '/user/bankDelete', auth: true, request: bankCardIdRequest, data: empty, summary: 'Remove a bank card' },
  image: { path: '/user/image', auth: true, request: imageRequest, data: imageAnswer, summary: 'One of the user’s own uploaded images (data URL)' },
  messages: { path: '/user/messages', auth: true, request: pageRequest, data: messageList, summary: 'Inbox with unread count' },
  messageInfo: { path: '/user/messageInfo', auth: true, request: messageIdRequest, data: inboxMessage, summary: 'One message; marks it read' },
  newsList: { path: '/news/list', auth: true, request: pageRequest, data: newsList, summary: 'News in the session language' },
  newsInfo: { path: '/news/info', auth: true, request: newsIdRequest, data: newsItem, summary: 'One news item' },
  // funds
  depositChannels: { path: '/funds/channels', auth: true, request: depositChannelsRequest, data: depositChannels, summary: 'Deposit channels, maximum and hours' },
  deposit: { path: '/funds/deposit', auth: true, request: depositRequest, data: idAnswer, files: ['proof'], filesRequiredKey: 'proof_required', idempotent: true, summary: 'Deposit with transfer proof (pending review)' },
  deposits: { path: '/funds/deposits', auth: true, request: empty, data: depositList, summary: 'The user’s deposits' },
  withdraw: { path: '/user/withdraw', auth: true, request: withdrawRequest, data: idAnswer, idempotent: true, summary: 'Withdraw to a bound card (amount frozen while pending)' },
  withdrawRules: { path: '/funds/withdrawRules', auth: true, request: empty, data: withdrawRules, summary: 'Withdrawal minimums, hours and whether it is open now' },
  balances: { path: '/funds/balances', auth: true, request: empty, data: balances, summary: 'Available and frozen per currency' },
  rates: { path: '/funds/rates', auth: true, request: empty, data: exchangeRates, summary: 'Exchange rates with spread' },
  exchange: { path: '/funds/exchange', auth: true, request: exchangeRequest, data: exchangeResult, idempotent: true, summary: 'Exchange between two currencies' },
  credit: { path: '/funds/credit', auth: true, request: empty, data: creditInfo, summary: 'Credit score with reasons, limit, borrowed, available' },
  loanApply: { path: '/funds/loanApply', auth: true, request: loanApplyRequest, data: idAnswer, idempotent: true, summary: 'Apply for a credit loan (pending review)' },
  loans: { path: '/funds/loans', auth: true, request: empty, data: loanList, summary: 'Loan records' },
  loanRepay: { path: '/funds/loanRepay', auth: true, request: loanRepayRequest, data: empty, idempotent: true, summary: 'Repay a loan (not less than the amount outstanding)' },
  records: { path: '/funds/records', auth: true, request: fundRecordsRequest, data: fundRecords, summary: 'Fund records read from the ledger' },
  // back office
  adminDeposits: { path: '/admin/deposits', auth: true, admin: true, request: adminListRequest, data: anyList, summary: 'Deposits to review' },
  adminDepositReview: { path: '/admin/depositReview', auth: true, admin: true, request: reviewRequest, data: empty, summary: 'Approve (credits the ledger) or reject a deposit' },
  adminWithdrawals: { path: '/admin/withdrawals', auth: true, admin: true, request: adminListRequest, data: anyList, summary: 'Withdrawals to review' },
  adminWithdrawalReview: { path: '/admin/withdrawalReview', auth: true, admin: true, request: reviewRequest, data: empty, summary: 'Approve (pays out) or reject (unfreezes) a withdrawal' },
  adminRealnames: { path: '/admin/realnames', auth: true, admin: true, request: adminListRequest, data: anyList, summary: 'Identity checks to review' },
  adminRealnameReview: { path: '/admin/realnameReview', auth: true, admin: true, request: reviewRequest, data: empty, summary: 'Approve or reject an identity check' },
  adminLoans: { path: '/admin/loans', auth: true, admin: true, request: adminListRequest, data: anyList, summary: 'Loans to review' },
  adminLoanReview: { path: '/admin/loanReview', auth: true, admin: true, request: reviewRequest, data: empty, summary: 'Approve (pays out, debt rises) or reject a loan' },
  adminUserFlags: { path: '/admin/userFlags', auth: true, admin: true, request: userFlagsRequest, data: empty, summary: 'Ban, freeze or disable trading for a user' },
  adminConfig: { path: '/admin/config', auth: true, admin: true, request: configSetRequest, data: empty, summary: 'Edit a site config entry' },
  adminRate: { path: '/admin/rate', auth: true, admin: true, request: rateSetRequest, data: empty, summary: 'Edit an exchange rate and spread' },
  adminNews: { path: '/admin/news', auth: true, admin: true, request: newsSetRequest, data: idAnswer, summary: 'Create or edit a news item' },
  adminCorrection: { path: '/admin/correction', auth: true, admin: true, request: correctionRequest, data: idAnswer, summary: 'A labelled, reversible ledger correction' },
  adminImage: { path: '/admin/image', auth: true, admin: true, request: imageRequest, data: imageAnswer, summary: 'Any uploaded image (data URL); the view is audited' },
  adminAudit: { path: '/admin/audit', auth: true, admin: true, request: adminListRequest, data: anyList, summary: 'The append-only audit log' },
} as const;

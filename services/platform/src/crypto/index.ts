export { generateMailTokenKey, mailTokenKeyVar, openToken, sealToken } from './sealed-token';

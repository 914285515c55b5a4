/** The report form and the page that follows it, fetched together. */
export { ReportPage } from './report-page';
export { ReportSuccessPage } from './report-success-page';

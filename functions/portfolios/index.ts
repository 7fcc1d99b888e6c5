/** Portfolios and paper trading: the domain functions the api/ handlers and other features call. */
export {
  buyIntoPortfolio,
  cancelOrder,
  placeOrder,
  PITCH_BUY_DEFAULT_POSITION_PCT,
  type BuyIntoPortfolioInput,
} from './orders';
export {
  createPortfolio,
  deletePortfolio,
  portfolioDetails,
  portfolioHoldings,
  portfolioList,
  searchPortfolios,
  stocksPerPortfolio,
  updatePortfolio,
} from './portfolios';
export { fillOpenOrders } from './fill';
export { performanceRows, portfolioPerformance } from './performance';
export { portfolioIncome } from './income';
export { exportActivity, importTransactions } from './import';
export { portfolioStore } from './store';

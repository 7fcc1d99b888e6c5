/**
 * The demo universe: real US-listed companies. Symbol, name, exchange, sector and industry are
 * facts; everything else the demo data set shows about them is generated.
 *
 * One line per company: `SYMBOL|Name|exchange|sector|industry|band[|fiscal year end month]`
 *   exchange: N = NYSE, Q = NASDAQ, A = AMEX (NYSE American)
 *   sector:   T Technology, H Healthcare, F Financial Services, CC Consumer Cyclical,
 *             CD Consumer Defensive, I Industrials, E Energy, U Utilities, RE Real Estate,
 *             BM Basic Materials, CS Communication Services
 *   band:     L large (>= $5B), M mid ($1-5B), S small (< $1B) market capitalisation the generated
 *             figures aim for
 *   fiscal year end month: 1-12, December when absent
 */
const TABLE = `
AAPL|Apple Inc.|Q|T|Consumer Electronics|L|9
MSFT|Microsoft Corporation|Q|T|Software - Infrastructure|L|6
NVDA|NVIDIA Corporation|Q|T|Semiconductors|L|1
AVGO|Broadcom Inc.|Q|T|Semiconductors|L|10
ORCL|Oracle Corporation|N|T|Software - Infrastructure|L|5
CRM|Salesforce, Inc.|N|T|Software - Application|L|1
ADBE|Adobe Inc.|Q|T|Software - Application|L|11
AMD|Advanced Micro Devices, Inc.|Q|T|Semiconductors|L
INTC|Intel Corporation|Q|T|Semiconductors|L
CSCO|Cisco Systems, Inc.|Q|T|Communication Equipment|L|7
IBM|International Business Machines Corporation|N|T|Information Technology Services|L
QCOM|QUALCOMM Incorporated|Q|T|Semiconductors|L|9
TXN|Texas Instruments Incorporated|Q|T|Semiconductors|L
INTU|Intuit Inc.|Q|T|Software - Application|L|7
NOW|ServiceNow, Inc.|N|T|Software - Application|L
AMAT|Applied Materials, Inc.|Q|T|Semiconductor Equipment & Materials|L|10
MU|Micron Technology, Inc.|Q|T|Semiconductors|L|8
LRCX|Lam Research Corporation|Q|T|Semiconductor Equipment & Materials|L|6
KLAC|KLA Corporation|Q|T|Semiconductor Equipment & Materials|L|6
ADI|Analog Devices, Inc.|Q|T|Semiconductors|L|10
PANW|Palo Alto Networks, Inc.|Q|T|Software - Infrastructure|L|7
SNPS|Synopsys, Inc.|Q|T|Software - Infrastructure|L|10
CDNS|Cadence Design Systems, Inc.|Q|T|Software - Application|L
ACN|Accenture plc|N|T|Information Technology Services|L|8
DELL|Dell Technologies Inc.|N|T|Computer Hardware|L|1
HPQ|HP Inc.|N|T|Computer Hardware|L|10
HPE|Hewlett Packard Enterprise Company|N|T|Communication Equipment|L|10
ANET|Arista Networks, Inc.|N|T|Computer Hardware|L
FTNT|Fortinet, Inc.|Q|T|Software - Infrastructure|L
CRWD|CrowdStrike Holdings, Inc.|Q|T|Software - Infrastructure|L|1
PLTR|Palantir Technologies Inc.|Q|T|Software - Infrastructure|L
SNOW|Snowflake Inc.|N|T|Software - Application|L|1
ARM|Arm Holdings plc|Q|T|Semiconductors|L|3
ALAB|Astera Labs, Inc.|Q|T|Semiconductors|L
MCHP|Microchip Technology Incorporated|Q|T|Semiconductors|L|3
ON|ON Semiconductor Corporation|Q|T|Semiconductors|L
MPWR|Monolithic Power Systems, Inc.|Q|T|Semiconductors|L
GLW|Corning Incorporated|N|T|Electronic Components|L
APH|Amphenol Corporation|N|T|Electronic Components|L
TEL|TE Connectivity plc|N|T|Electronic Components|L|9
ADSK|Autodesk, Inc.|Q|T|Software - Application|L|1
WDAY|Workday, Inc.|Q|T|Software - Application|L|1
DDOG|Datadog, Inc.|Q|T|Software - Application|L
NET|Cloudflare, Inc.|N|T|Software - Infrastructure|L
ZS|Zscaler, Inc.|Q|T|Software - Infrastructure|L|7
TEAM|Atlassian Corporation|Q|T|Software - Application|L|6
SMCI|Super Micro Computer, Inc.|Q|T|Computer Hardware|L|6
STX|Seagate Technology Holdings plc|Q|T|Computer Hardware|L|6
WDC|Western Digital Corporation|Q|T|Computer Hardware|L|6
NTAP|NetApp, Inc.|Q|T|Computer Hardware|L|4
KEYS|Keysight Technologies, Inc.|N|T|Scientific & Technical Instruments|L|10
ZBRA|Zebra Technologies Corporation|Q|T|Communication Equipment|L
AKAM|Akamai Technologies, Inc.|Q|T|Software - Infrastructure|L
GDDY|GoDaddy Inc.|N|T|Software - Infrastructure|L
TYL|Tyler Technologies, Inc.|N|T|Software - Application|L
FICO|Fair Isaac Corporation|N|T|Software - Application|L|9
IT|Gartner, Inc.|N|T|Information Technology Services|L
CTSH|Cognizant Technology Solutions Corporation|Q|T|Information Technology Services|L
EPAM|EPAM Systems, Inc.|N|T|Information Technology Services|L
BOX|Box, Inc.|N|T|Software - Infrastructure|M|1
DOCN|DigitalOcean Holdings, Inc.|N|T|Software - Infrastructure|M
RAMP|LiveRamp Holdings, Inc.|N|T|Software - Infrastructure|M|3
PRGS|Progress Software Corporation|Q|T|Software - Infrastructure|M|11
VIAV|Viavi Solutions Inc.|Q|T|Communication Equipment|M|6
EXTR|Extreme Networks, Inc.|Q|T|Communication Equipment|M|6
DIOD|Diodes Incorporated|Q|T|Semiconductors|M
SITM|SiTime Corporation|Q|T|Semiconductors|M
DGII|Digi International Inc.|Q|T|Communication Equipment|M|9
PLUS|ePlus inc.|Q|T|Information Technology Services|M|3
NTCT|NetScout Systems, Inc.|Q|T|Software - Infrastructure|M|3
AGYS|Agilysys, Inc.|Q|T|Software - Application|M|3
PDFS|PDF Solutions, Inc.|Q|T|Software - Application|M
YEXT|Yext, Inc.|N|T|Software - Application|S|1
CEVA|CEVA, Inc.|Q|T|Semiconductors|S
AOSL|Alpha and Omega Semiconductor Limited|Q|T|Semiconductors|S|6
CLFD|Clearfield, Inc.|Q|T|Communication Equipment|S|9
ASUR|Asure Software, Inc.|Q|T|Software - Application|S
DOMO|Domo, Inc.|Q|T|Software - Application|S|1
MITK|Mitek Systems, Inc.|Q|T|Software - Application|S|9
KOPN|Kopin Corporation|Q|T|Electronic Components|S
INTT|inTEST Corporation|A|T|Semiconductor Equipment & Materials|S
LLY|Eli Lilly and Company|N|H|Drug Manufacturers - General|L
UNH|UnitedHealth Group Incorporated|N|H|Medical - Healthcare Plans|L
JNJ|Johnson & Johnson|N|H|Drug Manufacturers - General|L
ABBV|AbbVie Inc.|N|H|Drug Manufacturers - General|L
MRK|Merck & Co., Inc.|N|H|Drug Manufacturers - General|L
PFE|Pfizer Inc.|N|H|Drug Manufacturers - General|L
TMO|Thermo Fisher Scientific Inc.|N|H|Medical - Diagnostics & Research|L
ABT|Abbott Laboratories|N|H|Medical - Devices|L
DHR|Danaher Corporation|N|H|Medical - Diagnostics & Research|L
AMGN|Amgen Inc.|Q|H|Drug Manufacturers - General|L
ISRG|Intuitive Surgical, Inc.|Q|H|Medical - Instruments & Supplies|L
BMY|Bristol-Myers Squibb Company|N|H|Drug Manufacturers - General|L
GILD|Gilead Sciences, Inc.|Q|H|Drug Manufacturers - General|L
VRTX|Vertex Pharmaceuticals Incorporated|Q|H|Biotechnology|L
REGN|Regeneron Pharmaceuticals, Inc.|Q|H|Biotechnology|L
SYK|Stryker Corporation|N|H|Medical - Devices|L
BSX|Boston Scientific Corporation|N|H|Medical - Devices|L
MDT|Medtronic plc|N|H|Medical - Devices|L|4
ELV|Elevance Health, Inc.|N|H|Medical - Healthcare Plans|L
CI|The Cigna Group|N|H|Medical - Healthcare Plans|L
CVS|CVS Health Corporation|N|H|Medical - Healthcare Plans|L
HCA|HCA Healthcare, Inc.|N|H|Medical - Care Facilities|L
MCK|McKesson Corporation|N|H|Medical - Distribution|L|3
ZTS|Zoetis Inc.|N|H|Drug Manufacturers - Specialty & Generic|L
BDX|Becton, Dickinson and Company|N|H|Medical - Instruments & Supplies|L|9
IDXX|IDEXX Laboratories, Inc.|Q|H|Medical - Diagnostics & Research|L
EW|Edwards Lifesciences Corporation|N|H|Medical - Devices|L
DXCM|DexCom, Inc.|Q|H|Medical - Devices|L
IQV|IQVIA Holdings Inc.|N|H|Medical - Diagnostics & Research|L
MRNA|Moderna, Inc.|Q|H|Biotechnology|L
BIIB|Biogen Inc.|Q|H|Drug Manufacturers - General|L
SOLV|Solventum Corporation|N|H|Medical - Instruments & Supplies|L
ACAD|ACADIA Pharmaceuticals Inc.|Q|H|Biotechnology|M
OMCL|Omnicell, Inc.|Q|H|Medical - Healthcare Information Services|M
NVAX|Novavax, Inc.|Q|H|Biotechnology|M
PGNY|Progyny, Inc.|Q|H|Medical - Healthcare Information Services|M
PRGO|Perrigo Company plc|N|H|Drug Manufacturers - Specialty & Generic|M
NEOG|Neogen Corporation|Q|H|Medical - Diagnostics & Research|M|5
ICUI|ICU Medical, Inc.|Q|H|Medical - Instruments & Supplies|M
AHCO|AdaptHealth Corp.|Q|H|Medical - Instruments & Supplies|M
OPK|OPKO Health, Inc.|Q|H|Medical - Diagnostics & Research|M
ANGO|AngioDynamics, Inc.|Q|H|Medical - Instruments & Supplies|S|5
SIBN|SI-BONE, Inc.|Q|H|Medical - Devices|S
EDIT|Editas Medicine, Inc.|Q|H|Biotechnology|S
OCGN|Ocugen, Inc.|Q|H|Biotechnology|S
VNDA|Vanda Pharmaceuticals Inc.|Q|H|Biotechnology|S
IRWD|Ironwood Pharmaceuticals, Inc.|Q|H|Drug Manufacturers - Specialty & Generic|S
SAVA|Cassava Sciences, Inc.|Q|H|Biotechnology|S
FATE|Fate Therapeutics, Inc.|Q|H|Biotechnology|S
INFU|InfuSystem Holdings, Inc.|A|H|Medical - Instruments & Supplies|S
JPM|JPMorgan Chase & Co.|N|F|Banks - Diversified|L
BAC|Bank of America Corporation|N|F|Banks - Diversified|L
WFC|Wells Fargo & Company|N|F|Banks - Diversified|L
C|Citigroup Inc.|N|F|Banks - Diversified|L
GS|The Goldman Sachs Group, Inc.|N|F|Financial - Capital Markets|L
MS|Morgan Stanley|N|F|Financial - Capital Markets|L
SCHW|The Charles Schwab Corporation|N|F|Financial - Capital Markets|L
BLK|BlackRock, Inc.|N|F|Asset Management|L
BRK-B|Berkshire Hathaway Inc.|N|F|Insurance - Diversified|L
V|Visa Inc.|N|F|Financial - Credit Services|L|9
MA|Mastercard Incorporated|N|F|Financial - Credit Services|L
AXP|American Express Company|N|F|Financial - Credit Services|L
PYPL|PayPal Holdings, Inc.|Q|F|Financial - Credit Services|L
SPGI|S&P Global Inc.|N|F|Financial - Data & Stock Exchanges|L
MCO|Moody's Corporation|N|F|Financial - Data & Stock Exchanges|L
ICE|Intercontinental Exchange, Inc.|N|F|Financial - Data & Stock Exchanges|L
CME|CME Group Inc.|Q|F|Financial - Data & Stock Exchanges|L
NDAQ|Nasdaq, Inc.|Q|F|Financial - Data & Stock Exchanges|L
USB|U.S. Bancorp|N|F|Banks - Regional|L
PNC|The PNC Financial Services Group, Inc.|N|F|Banks - Regional|L
TFC|Truist Financial Corporation|N|F|Banks - Regional|L
COF|Capital One Financial Corporation|N|F|Financial - Credit Services|L
CB|Chubb Limited|N|F|Insurance - Property & Casualty|L
PGR|The Progressive Corporation|N|F|Insurance - Property & Casualty|L
MMC|Marsh & McLennan Companies, Inc.|N|F|Insurance - Brokers|L
AON|Aon plc|N|F|Insurance - Brokers|L
MET|MetLife, Inc.|N|F|Insurance - Life|L
PRU|Prudential Financial, Inc.|N|F|Insurance - Life|L
AIG|American International Group, Inc.|N|F|Insurance - Diversified|L
TRV|The Travelers Companies, Inc.|N|F|Insurance - Property & Casualty|L
ALL|The Allstate Corporation|N|F|Insurance - Property & Casualty|L
KKR|KKR & Co. Inc.|N|F|Asset Management|L
BX|Blackstone Inc.|N|F|Asset Management|L
HOOD|Robinhood Markets, Inc.|Q|F|Financial - Capital Markets|L
SOFI|SoFi Technologies, Inc.|Q|F|Financial - Credit Services|L
WAL|Western Alliance Bancorporation|N|F|Banks - Regional|L
HOPE|Hope Bancorp, Inc.|Q|F|Banks - Regional|M
FFBC|First Financial Bancorp.|Q|F|Banks - Regional|M
CVBF|CVB Financial Corp.|Q|F|Banks - Regional|M
BANC|Banc of California, Inc.|N|F|Banks - Regional|M
FLG|Flagstar Financial, Inc.|N|F|Banks - Regional|M
CUBI|Customers Bancorp, Inc.|N|F|Banks - Regional|M
HAFC|Hanmi Financial Corporation|Q|F|Banks - Regional|S
ENVA|Enova International, Inc.|N|F|Financial - Credit Services|M
LC|LendingClub Corporation|N|F|Financial - Credit Services|M
VIRT|Virtu Financial, Inc.|Q|F|Financial - Capital Markets|M
PIPR|Piper Sandler Companies|N|F|Financial - Capital Markets|M
HCI|HCI Group, Inc.|N|F|Insurance - Property & Casualty|M
GNW|Genworth Financial, Inc.|N|F|Insurance - Life|M
LMND|Lemonade, Inc.|N|F|Insurance - Property & Casualty|M
UPST|Upstart Holdings, Inc.|Q|F|Financial - Credit Services|M
WRLD|World Acceptance Corporation|Q|F|Financial - Credit Services|S|3
EZPW|EZCORP, Inc.|Q|F|Financial - Credit Services|S|9
AMSF|AMERISAFE, Inc.|Q|F|Insurance - Specialty|S
UVE|Universal Insurance Holdings, Inc.|N|F|Insurance - Property & Casualty|S
OPRT|Oportun Financial Corporation|Q|F|Financial - Credit Services|S
MBI|MBIA Inc.|N|F|Insurance - Specialty|S
AMZN|Amazon.com, Inc.|Q|CC|Specialty Retail|L
TSLA|Tesla, Inc.|Q|CC|Auto - Manufacturers|L
HD|The Home Depot, Inc.|N|CC|Home Improvement|L|1
MCD|McDonald's Corporation|N|CC|Restaurants|L
NKE|NIKE, Inc.|N|CC|Apparel - Footwear & Accessories|L|5
LOW|Lowe's Companies, Inc.|N|CC|Home Improvement|L|1
SBUX|Starbucks Corporation|Q|CC|Restaurants|L|9
TJX|The TJX Companies, Inc.|N|CC|Apparel - Retail|L|1
BKNG|Booking Holdings Inc.|Q|CC|Travel Services|L
ABNB|Airbnb, Inc.|Q|CC|Travel Services|L
CMG|Chipotle Mexican Grill, Inc.|N|CC|Restaurants|L
ORLY|O'Reilly Automotive, Inc.|Q|CC|Auto - Parts|L
AZO|AutoZone, Inc.|N|CC|Auto - Parts|L|8
MAR|Marriott International, Inc.|Q|CC|Travel Lodging|L
HLT|Hilton Worldwide Holdings Inc.|N|CC|Travel Lodging|L
GM|General Motors Company|N|CC|Auto - Manufacturers|L
F|Ford Motor Company|N|CC|Auto - Manufacturers|L
ROST|Ross Stores, Inc.|Q|CC|Apparel - Retail|L|1
YUM|Yum! Brands, Inc.|N|CC|Restaurants|L
EBAY|eBay Inc.|Q|CC|Specialty Retail|L
LULU|lululemon athletica inc.|Q|CC|Apparel - Retail|L|1
DRI|Darden Restaurants, Inc.|N|CC|Restaurants|L|5
RCL|Royal Caribbean Cruises Ltd.|N|CC|Travel Services|L
CCL|Carnival Corporation & plc|N|CC|Travel Services|L|11
LVS|Las Vegas Sands Corp.|N|CC|Gambling, Resorts & Casinos|L
DECK|Deckers Outdoor Corporation|N|CC|Apparel - Footwear & Accessories|L|3
BBY|Best Buy Co., Inc.|N|CC|Specialty Retail|L|1
RIVN|Rivian Automotive, Inc.|Q|CC|Auto - Manufacturers|L
LCID|Lucid Group, Inc.|Q|CC|Auto - Manufacturers|M
CAVA|CAVA Group, Inc.|N|CC|Restaurants|L
BIRK|Birkenstock Holding plc|N|CC|Apparel - Footwear & Accessories|L|9
CROX|Crocs, Inc.|Q|CC|Apparel - Footwear & Accessories|M
SHAK|Shake Shack Inc.|N|CC|Restaurants|M
JACK|Jack in the Box Inc.|Q|CC|Restaurants|S|9
PLAY|Dave & Buster's Entertainment, Inc.|Q|CC|Restaurants|S|1
AEO|American Eagle Outfitters, Inc.|N|CC|Apparel - Retail|M|1
URBN|Urban Outfitters, Inc.|Q|CC|Apparel - Retail|M|1
GAP|The Gap, Inc.|N|CC|Apparel - Retail|M|1
BBWI|Bath & Body Works, Inc.|N|CC|Specialty Retail|M|1
LEG|Leggett & Platt, Incorporated|N|CC|Furnishings, Fixtures & Appliances|M
WGO|Winnebago Industries, Inc.|N|CC|Recreational Vehicles|M|8
THO|THOR Industries, Inc.|N|CC|Recreational Vehicles|M|7
PTON|Peloton Interactive, Inc.|Q|CC|Leisure|M|6
GOOS|Canada Goose Holdings Inc.|N|CC|Apparel - Manufacturers|M|3
ETSY|Etsy, Inc.|Q|CC|Specialty Retail|M
W|Wayfair Inc.|N|CC|Specialty Retail|M
FOSL|Fossil Group, Inc.|Q|CC|Apparel - Footwear & Accessories|S|12
CAL|Caleres, Inc.|N|CC|Apparel - Footwear & Accessories|S|1
SFIX|Stitch Fix, Inc.|Q|CC|Apparel - Retail|S|7
WMT|Walmart Inc.|Q|CD|Discount Stores|L|1
COST|Costco Wholesale Corporation|Q|CD|Discount Stores|L|8
PG|The Procter & Gamble Company|N|CD|Household & Personal Products|L|6
KO|The Coca-Cola Company|N|CD|Beverages - Non-Alcoholic|L
PEP|PepsiCo, Inc.|Q|CD|Beverages - Non-Alcoholic|L
PM|Philip Morris International Inc.|N|CD|Tobacco|L
MO|Altria Group, Inc.|N|CD|Tobacco|L
MDLZ|Mondelez International, Inc.|Q|CD|Food Confectioners|L
CL|Colgate-Palmolive Company|N|CD|Household & Personal Products|L
GIS|General Mills, Inc.|N|CD|Packaged Foods|L|5
KHC|The Kraft Heinz Company|Q|CD|Packaged Foods|L
TGT|Target Corporation|N|CD|Discount Stores|L|1
DG|Dollar General Corporation|N|CD|Discount Stores|L|1
DLTR|Dollar Tree, Inc.|Q|CD|Discount Stores|L|1
KR|The Kroger Co.|N|CD|Grocery Stores|L|1
SYY|Sysco Corporation|N|CD|Food Distribution|L|6
STZ|Constellation Brands, Inc.|N|CD|Beverages - Wineries & Distilleries|L|2
KDP|Keurig Dr Pepper Inc.|Q|CD|Beverages - Non-Alcoholic|L
MNST|Monster Beverage Corporation|Q|CD|Beverages - Non-Alcoholic|L
HSY|The Hershey Company|N|CD|Food Confectioners|L
EL|The Estee Lauder Companies Inc.|N|CD|Household & Personal Products|L|6
KVUE|Kenvue Inc.|N|CD|Household & Personal Products|L
CLX|The Clorox Company|N|CD|Household & Personal Products|L|6
TSN|Tyson Foods, Inc.|N|CD|Agricultural Farm Products|L|9
ADM|Archer-Daniels-Midland Company|N|CD|Agricultural Farm Products|L
HRL|Hormel Foods Corporation|N|CD|Packaged Foods|L|10
CAG|Conagra Brands, Inc.|N|CD|Packaged Foods|L|5
SJM|The J. M. Smucker Company|N|CD|Packaged Foods|L|4
BJ|BJ's Wholesale Club Holdings, Inc.|N|CD|Discount Stores|L|1
KLG|WK Kellogg Co|N|CD|Packaged Foods|M
FRPT|Freshpet, Inc.|Q|CD|Packaged Foods|M
CENT|Central Garden & Pet Company|Q|CD|Household & Personal Products|M|9
UNFI|United Natural Foods, Inc.|N|CD|Food Distribution|M|7
WMK|Weis Markets, Inc.|N|CD|Grocery Stores|M
IMKTA|Ingles Markets, Incorporated|Q|CD|Grocery Stores|M|9
VITL|Vital Farms, Inc.|Q|CD|Agricultural Farm Products|M
CHEF|The Chefs' Warehouse, Inc.|Q|CD|Food Distribution|M
TR|Tootsie Roll Industries, Inc.|N|CD|Food Confectioners|M
JJSF|J&J Snack Foods Corp.|Q|CD|Packaged Foods|M|9
SPTN|SpartanNash Company|Q|CD|Food Distribution|S
BGS|B&G Foods, Inc.|N|CD|Packaged Foods|S
HAIN|The Hain Celestial Group, Inc.|Q|CD|Packaged Foods|S|6
USNA|USANA Health Sciences, Inc.|N|CD|Packaged Foods|S
MED|Medifast, Inc.|N|CD|Packaged Foods|S
NUS|Nu Skin Enterprises, Inc.|N|CD|Household & Personal Products|S
LWAY|Lifeway Foods, Inc.|Q|CD|Packaged Foods|S
GE|GE Aerospace|N|I|Aerospace & Defense|L
CAT|Caterpillar Inc.|N|I|Agricultural - Machinery|L
RTX|RTX Corporation|N|I|Aerospace & Defense|L
HON|Honeywell International Inc.|Q|I|Conglomerates|L
UNP|Union Pacific Corporation|N|I|Railroads|L
BA|The Boeing Company|N|I|Aerospace & Defense|L
LMT|Lockheed Martin Corporation|N|I|Aerospace & Defense|L
DE|Deere & Company|N|I|Agricultural - Machinery|L|10
UPS|United Parcel Service, Inc.|N|I|Integrated Freight & Logistics|L
ADP|Automatic Data Processing, Inc.|Q|I|Staffing & Employment Services|L|6
ETN|Eaton Corporation plc|N|I|Industrial - Machinery|L
MMM|3M Company|N|I|Conglomerates|L
GD|General Dynamics Corporation|N|I|Aerospace & Defense|L
NOC|Northrop Grumman Corporation|N|I|Aerospace & Defense|L
CSX|CSX Corporation|Q|I|Railroads|L
NSC|Norfolk Southern Corporation|N|I|Railroads|L
FDX|FedEx Corporation|N|I|Integrated Freight & Logistics|L|5
WM|Waste Management, Inc.|N|I|Waste Management|L
EMR|Emerson Electric Co.|N|I|Industrial - Machinery|L|9
ITW|Illinois Tool Works Inc.|N|I|Industrial - Machinery|L
PH|Parker-Hannifin Corporation|N|I|Industrial - Machinery|L|6
CTAS|Cintas Corporation|Q|I|Specialty Business Services|L|5
PCAR|PACCAR Inc|Q|I|Agricultural - Machinery|L
JCI|Johnson Controls International plc|N|I|Construction|L|9
CARR|Carrier Global Corporation|N|I|Construction|L
TT|Trane Technologies plc|N|I|Construction|L
DAL|Delta Air Lines, Inc.|N|I|Airlines, Airports & Air Services|L
UAL|United Airlines Holdings, Inc.|Q|I|Airlines, Airports & Air Services|L
LUV|Southwest Airlines Co.|N|I|Airlines, Airports & Air Services|L
GEV|GE Vernova Inc.|N|I|Renewable Utilities|L
VLTO|Veralto Corporation|N|I|Industrial - Pollution & Treatment Controls|L
URI|United Rentals, Inc.|N|I|Rental & Leasing Services|L
ODFL|Old Dominion Freight Line, Inc.|Q|I|Trucking|L
FAST|Fastenal Company|Q|I|Industrial - Distribution|L
GWW|W.W. Grainger, Inc.|N|I|Industrial - Distribution|L
LHX|L3Harris Technologies, Inc.|N|I|Aerospace & Defense|L
AXON|Axon Enterprise, Inc.|Q|I|Aerospace & Defense|L
PBI|Pitney Bowes Inc.|N|I|Specialty Business Services|M
JBLU|JetBlue Airways Corporation|Q|I|Airlines, Airports & Air Services|M
ALGT|Allegiant Travel Company|Q|I|Airlines, Airports & Air Services|M
SKYW|SkyWest, Inc.|Q|I|Airlines, Airports & Air Services|M
HTZ|Hertz Global Holdings, Inc.|Q|I|Rental & Leasing Services|M
MRCY|Mercury Systems, Inc.|Q|I|Aerospace & Defense|M|6
TNC|Tennant Company|N|I|Industrial - Machinery|M
ASTE|Astec Industries, Inc.|Q|I|Agricultural - Machinery|M
HY|Hyster-Yale, Inc.|N|I|Agricultural - Machinery|M
MRTN|Marten Transport, Ltd.|Q|I|Trucking|M
DNOW|DNOW Inc.|N|I|Industrial - Distribution|M
PLUG|Plug Power Inc.|Q|I|Industrial - Electrical Equipment|M
HTLD|Heartland Express, Inc.|Q|I|Trucking|S
ULH|Universal Logistics Holdings, Inc.|Q|I|Trucking|S
TITN|Titan Machinery Inc.|Q|I|Industrial - Distribution|S|1
GENC|Gencor Industries, Inc.|Q|I|Agricultural - Machinery|S|9
FCEL|FuelCell Energy, Inc.|Q|I|Industrial - Electrical Equipment|S|10
SIF|SIFCO Industries, Inc.|A|I|Aerospace & Defense|S|9
SVT|Servotronics, Inc.|A|I|Aerospace & Defense|S
ESP|Espey Mfg. & Electronics Corp.|A|I|Industrial - Electrical Equipment|S|6
XOM|Exxon Mobil Corporation|N|E|Oil & Gas Integrated|L
CVX|Chevron Corporation|N|E|Oil & Gas Integrated|L
COP|ConocoPhillips|N|E|Oil & Gas Exploration & Production|L
EOG|EOG Resources, Inc.|N|E|Oil & Gas Exploration & Production|L
SLB|SLB N.V.|N|E|Oil & Gas Equipment & Services|L
OXY|Occidental Petroleum Corporation|N|E|Oil & Gas Exploration & Production|L
MPC|Marathon Petroleum Corporation|N|E|Oil & Gas Refining & Marketing|L
PSX|Phillips 66|N|E|Oil & Gas Refining & Marketing|L
VLO|Valero Energy Corporation|N|E|Oil & Gas Refining & Marketing|L
WMB|The Williams Companies, Inc.|N|E|Oil & Gas Midstream|L
KMI|Kinder Morgan, Inc.|N|E|Oil & Gas Midstream|L
OKE|ONEOK, Inc.|N|E|Oil & Gas Midstream|L
HAL|Halliburton Company|N|E|Oil & Gas Equipment & Services|L
BKR|Baker Hughes Company|Q|E|Oil & Gas Equipment & Services|L
DVN|Devon Energy Corporation|N|E|Oil & Gas Exploration & Production|L
FANG|Diamondback Energy, Inc.|Q|E|Oil & Gas Exploration & Production|L
CTRA|Coterra Energy Inc.|N|E|Oil & Gas Exploration & Production|L
EQT|EQT Corporation|N|E|Oil & Gas Exploration & Production|L
TRGP|Targa Resources Corp.|N|E|Oil & Gas Midstream|L
IMO|Imperial Oil Limited|A|E|Oil & Gas Integrated|L
CRK|Comstock Resources, Inc.|N|E|Oil & Gas Exploration & Production|M
TALO|Talos Energy Inc.|N|E|Oil & Gas Exploration & Production|M
VTLE|Vital Energy, Inc.|N|E|Oil & Gas Exploration & Production|M
SM|SM Energy Company|N|E|Oil & Gas Exploration & Production|M
NOG|Northern Oil and Gas, Inc.|N|E|Oil & Gas Exploration & Production|M
PTEN|Patterson-UTI Energy, Inc.|Q|E|Oil & Gas Drilling|M
HP|Helmerich & Payne, Inc.|N|E|Oil & Gas Drilling|M|9
RES|RPC, Inc.|N|E|Oil & Gas Equipment & Services|M
PARR|Par Pacific Holdings, Inc.|N|E|Oil & Gas Refining & Marketing|M
CVI|CVR Energy, Inc.|N|E|Oil & Gas Refining & Marketing|M
TDW|Tidewater Inc.|N|E|Oil & Gas Equipment & Services|M
UEC|Uranium Energy Corp.|A|E|Uranium|M|7
UUUU|Energy Fuels Inc.|A|E|Uranium|M
NBR|Nabors Industries Ltd.|N|E|Oil & Gas Drilling|S
OIS|Oil States International, Inc.|N|E|Oil & Gas Equipment & Services|S
CLNE|Clean Energy Fuels Corp.|Q|E|Oil & Gas Refining & Marketing|S
EPM|Evolution Petroleum Corporation|A|E|Oil & Gas Exploration & Production|S|6
REI|Ring Energy, Inc.|A|E|Oil & Gas Exploration & Production|S
MXC|Mexco Energy Corporation|A|E|Oil & Gas Exploration & Production|S|3
URG|Ur-Energy Inc.|A|E|Uranium|S
NEE|NextEra Energy, Inc.|N|U|Regulated Electric|L
SO|The Southern Company|N|U|Regulated Electric|L
DUK|Duke Energy Corporation|N|U|Regulated Electric|L
CEG|Constellation Energy Corporation|Q|U|Renewable Utilities|L
AEP|American Electric Power Company, Inc.|Q|U|Regulated Electric|L
SRE|Sempra|N|U|Diversified Utilities|L
D|Dominion Energy, Inc.|N|U|Regulated Electric|L
EXC|Exelon Corporation|Q|U|Regulated Electric|L
XEL|Xcel Energy Inc.|Q|U|Regulated Electric|L
PCG|PG&E Corporation|N|U|Regulated Electric|L
ED|Consolidated Edison, Inc.|N|U|Regulated Electric|L
PEG|Public Service Enterprise Group Incorporated|N|U|Regulated Electric|L
WEC|WEC Energy Group, Inc.|N|U|Regulated Electric|L
EIX|Edison International|N|U|Regulated Electric|L
AWK|American Water Works Company, Inc.|N|U|Regulated Water|L
VST|Vistra Corp.|N|U|Independent Power Producers|L
NRG|NRG Energy, Inc.|N|U|Independent Power Producers|L
ATO|Atmos Energy Corporation|N|U|Regulated Gas|L|9
NI|NiSource Inc.|N|U|Regulated Gas|L
AES|The AES Corporation|N|U|Diversified Utilities|L
CNP|CenterPoint Energy, Inc.|N|U|Regulated Electric|L
DTE|DTE Energy Company|N|U|Regulated Electric|L
ETR|Entergy Corporation|N|U|Regulated Electric|L
FE|FirstEnergy Corp.|N|U|Regulated Electric|L
PPL|PPL Corporation|N|U|Regulated Electric|L
NWE|NorthWestern Energy Group, Inc.|Q|U|Regulated Electric|M
AVA|Avista Corporation|N|U|Diversified Utilities|M
OTTR|Otter Tail Corporation|Q|U|Diversified Utilities|M
MGEE|MGE Energy, Inc.|Q|U|Regulated Electric|M
HTO|H2O America|Q|U|Regulated Water|M
MSEX|Middlesex Water Company|Q|U|Regulated Water|M
YORW|The York Water Company|Q|U|Regulated Water|S
ARTNA|Artesian Resources Corporation|Q|U|Regulated Water|S
UTL|Unitil Corporation|N|U|Regulated Electric|S
CWCO|Consolidated Water Co. Ltd.|Q|U|Regulated Water|S
RGCO|RGC Resources, Inc.|Q|U|Regulated Gas|S|9
PLD|Prologis, Inc.|N|RE|REIT - Industrial|L
AMT|American Tower Corporation|N|RE|REIT - Specialty|L
EQIX|Equinix, Inc.|Q|RE|REIT - Specialty|L
WELL|Welltower Inc.|N|RE|REIT - Healthcare Facilities|L
SPG|Simon Property Group, Inc.|N|RE|REIT - Retail|L
PSA|Public Storage|N|RE|REIT - Industrial|L
O|Realty Income Corporation|N|RE|REIT - Retail|L
CCI|Crown Castle Inc.|N|RE|REIT - Specialty|L
DLR|Digital Realty Trust, Inc.|N|RE|REIT - Specialty|L
VICI|VICI Properties Inc.|N|RE|REIT - Diversified|L
EXR|Extra Space Storage Inc.|N|RE|REIT - Industrial|L
AVB|AvalonBay Communities, Inc.|N|RE|REIT - Residential|L
EQR|Equity Residential|N|RE|REIT - Residential|L
CBRE|CBRE Group, Inc.|N|RE|Real Estate - Services|L
CSGP|CoStar Group, Inc.|Q|RE|Real Estate - Services|L
IRM|Iron Mountain Incorporated|N|RE|REIT - Specialty|L
VTR|Ventas, Inc.|N|RE|REIT - Healthcare Facilities|L
ARE|Alexandria Real Estate Equities, Inc.|N|RE|REIT - Office|L
MAA|Mid-America Apartment Communities, Inc.|N|RE|REIT - Residential|L
INVH|Invitation Homes Inc.|N|RE|REIT - Residential|L
KIM|Kimco Realty Corporation|N|RE|REIT - Retail|L
ESS|Essex Property Trust, Inc.|N|RE|REIT - Residential|L
BXP|BXP, Inc.|N|RE|REIT - Office|L
UDR|UDR, Inc.|N|RE|REIT - Residential|L
MPW|Medical Properties Trust, Inc.|N|RE|REIT - Healthcare Facilities|M
JBGS|JBG SMITH Properties|N|RE|REIT - Office|M
HIW|Highwoods Properties, Inc.|N|RE|REIT - Office|M
SLG|SL Green Realty Corp.|N|RE|REIT - Office|M
DEI|Douglas Emmett, Inc.|N|RE|REIT - Office|M
UMH|UMH Properties, Inc.|N|RE|REIT - Residential|M
COMP|Compass, Inc.|N|RE|Real Estate - Services|M
OPEN|Opendoor Technologies Inc.|Q|RE|Real Estate - Services|M
EXPI|eXp World Holdings, Inc.|Q|RE|Real Estate - Services|M
FOR|Forestar Group Inc.|N|RE|Real Estate - Development|M|9
OPI|Office Properties Income Trust|Q|RE|REIT - Office|S
BRT|BRT Apartments Corp.|N|RE|REIT - Residential|S
GOOD|Gladstone Commercial Corporation|Q|RE|REIT - Diversified|S
CTO|CTO Realty Growth, Inc.|N|RE|REIT - Diversified|S
RMR|The RMR Group Inc.|Q|RE|Real Estate - Services|S|9
PW|Power REIT|A|RE|REIT - Specialty|S
IHT|InnSuites Hospitality Trust|A|RE|REIT - Hotel & Motel|S|1
LIN|Linde plc|Q|BM|Chemicals - Specialty|L
SHW|The Sherwin-Williams Company|N|BM|Chemicals - Specialty|L
APD|Air Products and Chemicals, Inc.|N|BM|Chemicals - Specialty|L|9
ECL|Ecolab Inc.|N|BM|Chemicals - Specialty|L
FCX|Freeport-McMoRan Inc.|N|BM|Copper|L
NEM|Newmont Corporation|N|BM|Gold|L
NUE|Nucor Corporation|N|BM|Steel|L
DOW|Dow Inc.|N|BM|Chemicals|L
DD|DuPont de Nemours, Inc.|N|BM|Chemicals - Specialty|L
PPG|PPG Industries, Inc.|N|BM|Chemicals - Specialty|L
VMC|Vulcan Materials Company|N|BM|Construction Materials|L
MLM|Martin Marietta Materials, Inc.|N|BM|Construction Materials|L
CTVA|Corteva, Inc.|N|BM|Agricultural Inputs|L
LYB|LyondellBasell Industries N.V.|N|BM|Chemicals - Specialty|L
IFF|International Flavors & Fragrances Inc.|N|BM|Chemicals - Specialty|L
STLD|Steel Dynamics, Inc.|Q|BM|Steel|L
ALB|Albemarle Corporation|N|BM|Chemicals - Specialty|L
CF|CF Industries Holdings, Inc.|N|BM|Agricultural Inputs|L
MOS|The Mosaic Company|N|BM|Agricultural Inputs|L
RS|Reliance, Inc.|N|BM|Steel|L
CLF|Cleveland-Cliffs Inc.|N|BM|Steel|M
AA|Alcoa Corporation|N|BM|Aluminum|M
HUN|Huntsman Corporation|N|BM|Chemicals|M
CC|The Chemours Company|N|BM|Chemicals|M
MTRN|Materion Corporation|N|BM|Industrial Materials|M
IOSP|Innospec Inc.|Q|BM|Chemicals - Specialty|M
SXT|Sensient Technologies Corporation|N|BM|Chemicals - Specialty|M
HWKN|Hawkins, Inc.|Q|BM|Chemicals - Specialty|M|3
CENX|Century Aluminum Company|Q|BM|Aluminum|M
KALU|Kaiser Aluminum Corporation|Q|BM|Aluminum|M
HL|Hecla Mining Company|N|BM|Silver|M
CDE|Coeur Mining, Inc.|N|BM|Gold|M
BTG|B2Gold Corp.|A|BM|Gold|M
EQX|Equinox Gold Corp.|A|BM|Gold|M
NGD|New Gold Inc.|A|BM|Gold|M
TGB|Taseko Mines Limited|A|BM|Copper|S
TROX|Tronox Holdings plc|N|BM|Chemicals|S
KOP|Koppers Holdings Inc.|N|BM|Chemicals - Specialty|S
ASIX|AdvanSix Inc.|N|BM|Chemicals|S
LXU|LSB Industries, Inc.|N|BM|Agricultural Inputs|S
GORO|Gold Resource Corporation|A|BM|Gold|S
NAK|Northern Dynasty Minerals Ltd.|A|BM|Other Precious Metals|S
VGZ|Vista Gold Corp.|A|BM|Gold|S
UAMY|United States Antimony Corporation|A|BM|Industrial Materials|S
FRD|Friedman Industries, Incorporated|A|BM|Steel|S|3
GOOGL|Alphabet Inc.|Q|CS|Internet Content & Information|L
META|Meta Platforms, Inc.|Q|CS|Internet Content & Information|L
NFLX|Netflix, Inc.|Q|CS|Entertainment|L
DIS|The Walt Disney Company|N|CS|Entertainment|L|9
CMCSA|Comcast Corporation|Q|CS|Telecommunications Services|L
T|AT&T Inc.|N|CS|Telecommunications Services|L
VZ|Verizon Communications Inc.|N|CS|Telecommunications Services|L
TMUS|T-Mobile US, Inc.|Q|CS|Telecommunications Services|L
CHTR|Charter Communications, Inc.|Q|CS|Telecommunications Services|L
EA|Electronic Arts Inc.|Q|CS|Electronic Gaming & Multimedia|L|3
TTWO|Take-Two Interactive Software, Inc.|Q|CS|Electronic Gaming & Multimedia|L|3
RBLX|Roblox Corporation|N|CS|Electronic Gaming & Multimedia|L
SPOT|Spotify Technology S.A.|N|CS|Internet Content & Information|L
WBD|Warner Bros. Discovery, Inc.|Q|CS|Entertainment|L
LYV|Live Nation Entertainment, Inc.|N|CS|Entertainment|L
OMC|Omnicom Group Inc.|N|CS|Advertising Agencies|L
PINS|Pinterest, Inc.|N|CS|Internet Content & Information|L
SNAP|Snap Inc.|N|CS|Internet Content & Information|L
RDDT|Reddit, Inc.|N|CS|Internet Content & Information|L
NYT|The New York Times Company|N|CS|Publishing|L
IAC|IAC Inc.|Q|CS|Internet Content & Information|M
YELP|Yelp Inc.|N|CS|Internet Content & Information|M
ZD|Ziff Davis, Inc.|Q|CS|Advertising Agencies|M
MSGS|Madison Square Garden Sports Corp.|N|CS|Entertainment|M|6
CNK|Cinemark Holdings, Inc.|N|CS|Entertainment|M
AMC|AMC Entertainment Holdings, Inc.|N|CS|Entertainment|M
LUMN|Lumen Technologies, Inc.|N|CS|Telecommunications Services|M
CARG|CarGurus, Inc.|Q|CS|Internet Content & Information|M
IDT|IDT Corporation|N|CS|Telecommunications Services|M|7
MGNI|Magnite, Inc.|Q|CS|Advertising Agencies|M
QNST|QuinStreet, Inc.|Q|CS|Advertising Agencies|M|6
GCI|Gannett Co., Inc.|N|CS|Publishing|S
SHEN|Shenandoah Telecommunications Company|Q|CS|Telecommunications Services|S
CCO|Clear Channel Outdoor Holdings, Inc.|N|CS|Advertising Agencies|S
SCHL|Scholastic Corporation|Q|CS|Publishing|S|5
EVC|Entravision Communications Corporation|N|CS|Advertising Agencies|S
`;

export type DemoExchange = 'NYSE' | 'NASDAQ' | 'AMEX';
export type CapBand = 'large' | 'mid' | 'small';

export interface DemoCompany {
  symbol: string;
  name: string;
  exchange: DemoExchange;
  sector: string;
  industry: string;
}

export interface UniverseEntry extends DemoCompany {
  band: CapBand;
  /** Month (1-12) in which the fiscal year ends. */
  fiscalYearEndMonth: number;
}

const EXCHANGES: Record<string, DemoExchange> = { N: 'NYSE', Q: 'NASDAQ', A: 'AMEX' };
const SECTORS: Record<string, string> = {
  T: 'Technology',
  H: 'Healthcare',
  F: 'Financial Services',
  CC: 'Consumer Cyclical',
  CD: 'Consumer Defensive',
  I: 'Industrials',
  E: 'Energy',
  U: 'Utilities',
  RE: 'Real Estate',
  BM: 'Basic Materials',
  CS: 'Communication Services',
};
const BANDS: Record<string, CapBand> = { L: 'large', M: 'mid', S: 'small' };

function parseTable(): UniverseEntry[] {
  const rows: UniverseEntry[] = [];
  for (const line of TABLE.split('\n')) {
    if (!line.trim()) continue;
    const [symbol, name, ex, sec, industry, band, fy] = line.split('|');
    const exchange = EXCHANGES[ex ?? ''];
    const sector = SECTORS[sec ?? ''];
    const capBand = BANDS[band ?? ''];
    if (!symbol || !name || !exchange || !sector || !industry || !capBand) {
      throw new Error(`Malformed demo universe line: ${line}`);
    }
    rows.push({
      symbol,
      name,
      exchange,
      sector,
      industry,
      band: capBand,
      fiscalYearEndMonth: fy ? Number(fy) : 12,
    });
  }
  return rows;
}

export const UNIVERSE: readonly UniverseEntry[] = Object.freeze(parseTable());

export const UNIVERSE_BY_SYMBOL: ReadonlyMap<string, UniverseEntry> = new Map(
  UNIVERSE.map((e) => [e.symbol, e]),
);

/**
 * Companies deliberately generated with special figures, so that every N/A rule of the
 * valuation models and charts is exercised.
 */
export const SPECIAL = {
  /** Net losses in the recent years (negative EPS, no dividends). */
  losses: new Set([
    'RIVN',
    'LCID',
    'MRNA',
    'SNAP',
    'RBLX',
    'WBD',
    'PLUG',
    'FCEL',
    'NVAX',
    'EDIT',
    'OCGN',
    'SAVA',
    'FATE',
    'LMND',
    'PTON',
    'W',
    'FOSL',
    'SFIX',
    'LEG',
    'UNFI',
    'BGS',
    'HAIN',
    'HTZ',
    'JBLU',
    'VTLE',
    'NBR',
    'CLNE',
    'HUN',
    'CC',
    'TROX',
    'CLF',
    'MPW',
    'OPI',
    'OPEN',
    'COMP',
    'AMC',
    'LUMN',
    'PW',
    'INTC',
    'BA',
    'SNOW',
    'NET',
    'DOMO',
    'ASUR',
    'NAK',
    'VGZ',
    'URG',
  ]),
  /** Losses in the early years of the history, profitable now (growth windows hit a negative start). */
  turnarounds: new Set([
    'TSLA',
    'AMZN',
    'PLTR',
    'SOFI',
    'CCL',
    'RCL',
    'UPST',
    'CRWD',
    'DDOG',
    'HOOD',
    'UAL',
    'ABNB',
    'NFLX',
    'AMD',
    'CAVA',
    'UEC',
    'UUUU',
    'EXPI',
    'RDDT',
    'ALAB',
    'SHAK',
  ]),
  /** Negative stockholders' equity (book value) in the recent years. */
  negativeBook: new Set([
    'MCD',
    'SBUX',
    'YUM',
    'AZO',
    'ORLY',
    'LOW',
    'PM',
    'MO',
    'BA',
    'LYV',
    'CCO',
    'BBWI',
    'JACK',
    'PBI',
    'W',
    'MBI',
    'MSGS',
  ]),
  /** Pay no dividend at all (in addition to every loss-making company). */
  noDividend: new Set([
    'AMZN',
    'TSLA',
    'BRK-B',
    'NFLX',
    'ADBE',
    'AMD',
    'ISRG',
    'VRTX',
    'REGN',
    'BKNG',
    'ABNB',
    'CMG',
    'ORLY',
    'AZO',
    'LULU',
    'DECK',
    'PYPL',
    'FTNT',
    'CRWD',
    'PLTR',
    'ANET',
    'NOW',
    'PANW',
    'SNPS',
    'CDNS',
    'ADSK',
    'WDAY',
    'DDOG',
    'ZS',
    'TEAM',
    'SMCI',
    'IT',
    'FICO',
    'TYL',
    'GDDY',
    'AKAM',
    'EPAM',
    'ZBRA',
    'IDXX',
    'DXCM',
    'EW',
    'IQV',
    'BIIB',
    'MNST',
    'AXON',
    'UAL',
    'DLTR',
    'CSGP',
    'CBRE',
    'SPOT',
    'PINS',
    'TTWO',
    'CHTR',
    'HOOD',
    'SOFI',
    'UPST',
    'CROX',
    'SHAK',
    'URBN',
    'ETSY',
    'GOOS',
    'FRPT',
    'VITL',
    'CHEF',
    'HTZ',
    'MRCY',
    'BJ',
    'RDDT',
    'CAVA',
    'ALAB',
    'ARM',
    'BIRK',
    'TALO',
    'ACAD',
    'OMCL',
    'PGNY',
    'ICUI',
    'AHCO',
    'OPK',
    'SIBN',
    'VNDA',
    'IRWD',
    'DOCN',
    'BOX',
    'RAMP',
    'VIAV',
    'EXTR',
    'SITM',
    'DGII',
    'PLUS',
    'NTCT',
    'AGYS',
    'PDFS',
    'YEXT',
    'CEVA',
    'AOSL',
    'CLFD',
    'MITK',
    'KOPN',
    'INTT',
    'INFU',
    'GNW',
    'LC',
    'ENVA',
    'WRLD',
    'EZPW',
    'OPRT',
    'YELP',
    'CARG',
    'MGNI',
    'ZD',
    'IAC',
    'CNK',
    'GCI',
    'CCO',
    'EVC',
    'BTG',
    'EQX',
    'NGD',
    'TGB',
    'GORO',
    'UAMY',
    'CDE',
    'UEC',
    'UUUU',
    'TITN',
    'GENC',
    'SIF',
    'SVT',
    'CENT',
    'IMKTA',
    'USNA',
    'LWAY',
    'FOR',
    'RMR',
    'PLAY',
    'THO',
    'SKYW',
    'ALGT',
    'TDW',
    'HTLD',
    'ULH',
    'TNC',
    'ASTE',
    'HY',
    'MRTN',
    'DNOW',
    'MTRN',
    'CENX',
    'KALU',
    'LXU',
    'MSGS',
    'SCHL',
    'SHEN',
    'EXPI',
    'MBI',
    'BBWI',
    'PBI',
  ]),
  /** Listed recently: short histories (statements from the listing year or 2023, prices from the IPO date). */
  shortHistory: new Map<string, string>([
    ['ARM', '2023-09-14'],
    ['ALAB', '2024-03-20'],
    ['CAVA', '2023-06-15'],
    ['BIRK', '2023-10-11'],
    ['KVUE', '2023-05-04'],
    ['RDDT', '2024-03-21'],
    ['GEV', '2024-04-02'],
    ['VLTO', '2023-10-02'],
    ['KLG', '2023-10-02'],
    ['SOLV', '2024-04-01'],
    ['CEG', '2022-02-02'],
    ['RIVN', '2021-11-10'],
  ]),
} as const;

/**
 * The first session of each company's current shares on a US exchange, for every company of
 * the universe listed after the demo history starts (2 January 2009): its IPO or direct listing,
 * a spin-off's first regular-way session, the first session after a SPAC merger closed, or a
 * re-listing after a buyout or a reorganisation. A company whose listed shares only changed
 * name (or survived a merger as the listed party) keeps its earlier listing and is not here.
 * The demo market has no price, quote, dividend or holder of a company before this day
 * (decision 165). The short histories above list their own.
 */
export const LISTING_DATES: ReadonlyMap<string, string> = new Map<string, string>([
  // Technology
  ['AVGO', '2009-08-06'],
  ['FTNT', '2009-11-18'],
  ['AOSL', '2010-04-29'],
  ['EPAM', '2012-02-08'],
  ['NOW', '2012-06-29'],
  ['PANW', '2012-07-20'],
  ['WDAY', '2012-10-12'],
  ['ANET', '2014-06-06'],
  ['KEYS', '2014-11-03'],
  ['BOX', '2015-01-23'],
  ['GDDY', '2015-04-01'],
  ['HPE', '2015-11-02'],
  ['TEAM', '2015-12-10'],
  ['YEXT', '2017-04-13'],
  ['ZS', '2018-03-16'],
  ['DOMO', '2018-06-29'],
  ['DELL', '2018-12-28'],
  ['CRWD', '2019-06-12'],
  ['NET', '2019-09-13'],
  ['DDOG', '2019-09-19'],
  ['SITM', '2019-11-13'],
  ['SNOW', '2020-09-16'],
  ['PLTR', '2020-09-30'],
  ['DOCN', '2021-03-24'],
  // Healthcare
  ['IRWD', '2010-02-03'],
  ['HCA', '2011-03-10'],
  ['ABBV', '2013-01-02'],
  ['ZTS', '2013-02-01'],
  ['IQV', '2013-05-09'],
  ['FATE', '2013-10-01'],
  ['OCGN', '2014-12-03'],
  ['EDIT', '2016-02-03'],
  ['SIBN', '2018-10-16'],
  ['MRNA', '2018-12-07'],
  ['PGNY', '2019-10-25'],
  ['AHCO', '2019-11-11'],
  // Financial Services
  ['KKR', '2010-07-15'],
  ['CUBI', '2013-05-16'],
  ['ENVA', '2014-11-13'],
  ['LC', '2014-12-11'],
  ['VIRT', '2015-04-16'],
  ['PYPL', '2015-07-20'],
  ['OPRT', '2019-09-26'],
  ['LMND', '2020-07-02'],
  ['UPST', '2020-12-16'],
  ['SOFI', '2021-06-01'],
  ['HOOD', '2021-07-29'],
  // Consumer Cyclical
  ['TSLA', '2010-06-29'],
  ['GM', '2010-11-18'],
  ['HLT', '2013-12-12'],
  ['W', '2014-10-02'],
  ['PLAY', '2014-10-10'],
  ['SHAK', '2015-01-30'],
  ['ETSY', '2015-04-16'],
  ['GOOS', '2017-03-16'],
  ['SFIX', '2017-11-17'],
  ['PTON', '2019-09-26'],
  ['ABNB', '2020-12-10'],
  ['LCID', '2021-07-26'],
  // Consumer Defensive
  ['DG', '2009-11-13'],
  ['CHEF', '2011-07-28'],
  ['FRPT', '2014-11-07'],
  ['KHC', '2015-07-06'],
  ['BJ', '2018-06-28'],
  ['VITL', '2020-07-31'],
  // Industrials
  ['HY', '2012-10-01'],
  ['DNOW', '2014-06-02'],
  ['CARR', '2020-04-03'],
  ['HTZ', '2021-11-09'],
  // Energy
  ['TRGP', '2010-12-07'],
  ['KMI', '2011-02-11'],
  ['MPC', '2011-07-01'],
  ['VTLE', '2011-12-15'],
  ['PSX', '2012-05-01'],
  ['FANG', '2012-10-12'],
  ['BKR', '2017-07-05'],
  ['TDW', '2017-08-01'],
  ['TALO', '2018-05-10'],
  // Utilities
  ['VST', '2017-05-10'],
  // Real Estate
  ['OPI', '2009-06-09'],
  ['RMR', '2015-12-15'],
  ['INVH', '2017-02-01'],
  ['JBGS', '2017-07-18'],
  ['VICI', '2018-02-01'],
  ['OPEN', '2020-12-21'],
  ['COMP', '2021-04-01'],
  // Basic Materials
  ['LYB', '2010-10-14'],
  ['TROX', '2012-06-18'],
  ['CC', '2015-07-01'],
  ['ASIX', '2016-10-03'],
  ['AA', '2016-11-01'],
  ['DD', '2017-09-01'],
  ['EQX', '2018-08-03'],
  ['LIN', '2018-10-31'],
  ['DOW', '2019-04-02'],
  ['CTVA', '2019-06-03'],
  // Communication Services
  ['CHTR', '2010-09-14'],
  ['QNST', '2010-02-11'],
  ['YELP', '2012-03-02'],
  ['META', '2012-05-18'],
  ['AMC', '2013-12-18'],
  ['GCI', '2014-02-14'],
  ['MGNI', '2014-04-02'],
  ['MSGS', '2015-10-01'],
  ['SNAP', '2017-03-02'],
  ['CARG', '2017-10-12'],
  ['SPOT', '2018-04-03'],
  ['PINS', '2019-04-18'],
  ['IAC', '2020-07-01'],
  ['RBLX', '2021-03-10'],
]);

/** The day a company's shares were first listed within the demo history (YYYY-MM-DD), or undefined. */
export function listingDate(symbol: string): string | undefined {
  return SPECIAL.shortHistory.get(symbol) ?? LISTING_DATES.get(symbol);
}

/** Banks: bank-like statements (no cost of revenue, gross profit equals revenue, loans and deposits). */
export function isBank(e: UniverseEntry): boolean {
  return e.sector === 'Financial Services' && e.industry.startsWith('Banks');
}

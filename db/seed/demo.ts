/** A small demo data set: the line's branches and the ports they serve. */
export const DEMO_BRANCHES = [
  { code: "MNL", name: "Manila", address: "Pier 2, North Harbor, Tondo, Manila" },
  { code: "CEB", name: "Cebu", address: "Pier 4, Cebu International Port, Cebu City" },
  { code: "DVO", name: "Davao", address: "Sasa Wharf, Davao City" },
  { code: "CGY", name: "Cagayan de Oro", address: "Macabalan Wharf, Cagayan de Oro City" },
  { code: "ILO", name: "Iloilo", address: "Fort San Pedro, Iloilo City" },
  { code: "BCD", name: "Bacolod", address: "BREDCO Port, Bacolod City" },
  { code: "GES", name: "General Santos", address: "Makar Wharf, General Santos City" },
  { code: "ZAM", name: "Zamboanga", address: "Port of Zamboanga, Zamboanga City" },
];

export const DEMO_PORTS = [
  { code: "MNLN", name: "Manila North Harbor", branchCode: "MNL", location: "Tondo, Manila" },
  { code: "MNLS", name: "Manila South Harbor", branchCode: "MNL", location: "Port Area, Manila" },
  { code: "BTG", name: "Batangas Port", branchCode: "MNL", location: "Batangas City" },
  { code: "CEB", name: "Cebu International Port", branchCode: "CEB", location: "Cebu City" },
  { code: "TAG", name: "Tagbilaran Port", branchCode: "CEB", location: "Tagbilaran, Bohol" },
  { code: "DVO", name: "Sasa Wharf", branchCode: "DVO", location: "Davao City" },
  { code: "CGY", name: "Macabalan Port", branchCode: "CGY", location: "Cagayan de Oro City" },
  { code: "ILO", name: "Iloilo Commercial Port", branchCode: "ILO", location: "Iloilo City" },
  { code: "BCD", name: "BREDCO Port", branchCode: "BCD", location: "Bacolod City" },
  { code: "GES", name: "Makar Wharf", branchCode: "GES", location: "General Santos City" },
  { code: "ZAM", name: "Zamboanga Port", branchCode: "ZAM", location: "Zamboanga City" },
  { code: "PPS", name: "Puerto Princesa Port", branchCode: "MNL", location: "Puerto Princesa, Palawan" },
];

/** Container yards (CYs) where DAT staff work; users pick theirs in the Choose CY dialog. */
export const DEMO_CONTAINER_YARDS = [
  { code: "MNL-CY1", name: "North Harbor CY 1", branchCode: "MNL", address: "Pier 2, North Harbor, Tondo, Manila" },
  { code: "MNL-CY2", name: "Parola CY", branchCode: "MNL", address: "Parola Compound, Tondo, Manila" },
  { code: "CEB-CY1", name: "Cebu Pier 4 CY", branchCode: "CEB", address: "Pier 4, Cebu City" },
  { code: "DVO-CY1", name: "Sasa CY", branchCode: "DVO", address: "Sasa, Davao City" },
];

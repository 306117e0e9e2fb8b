package cost

"""Community-card poker (issue 17): one engine for Texas hold'em (Reg. 806/2015) and Omaha, two rule sets."""

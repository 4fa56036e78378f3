"""What applies now: the core's answer to "what may the bank do here?", like a chess
library's list of legal moves. Each offer is a ready command with its amount and reason as
a sentence to translate; the screens, the command bar and the phone page only draw it.

- `landing`: a player landed on a deed or a square;
- `building`: build up or sell down a colour group;
- `raising`: raise funds to pay a debt;
- `trading`: what may change hands or be mortgaged, and why not;
- `auction`: the lot, who may bid, where a won building may go;
- `deed`: a title deed as printed.
"""
